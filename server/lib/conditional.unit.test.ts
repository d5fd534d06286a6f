import { describe, expect, it } from 'vitest';
import { chooseEncoding, matchesIfNoneMatch } from './conditional.js';

describe('chooseEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0', 'identity'],
    ['deflate', 'identity'],
  ] as const)('%s gives %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });

  it('falls back to gzip while brotli is not compressed yet', () => {
    expect(chooseEncoding('gzip, br', false)).toBe('gzip');
    expect(chooseEncoding('br', false)).toBe('identity');
  });
});

describe('matchesIfNoneMatch', () => {
  const hash = 'abc123';
  it.each([
    ['"abc123"', true],
    ['"abc123-gzip"', true],
    ['"abc123-br"', true],
    ['W/"abc123"', true],
    ['"old", "abc123-br"', true],
    ['*', true],
    ['"abc1234"', false],
    ['"xabc123"', false],
    ['abc123-deflate', false],
    ['', false],
  ])('%s matches: %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, hash)).toBe(expected);
  });

  it('matches nothing without the header', () => {
    expect(matchesIfNoneMatch(undefined, hash)).toBe(false);
  });
});
