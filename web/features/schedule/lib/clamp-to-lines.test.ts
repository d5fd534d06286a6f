import { describe, expect, test } from 'vitest';
import { clampToLines } from './schedule-sets';

describe('a schedule cell’s description cut to the lines it shows', () => {
  test('a text that fits is whole', () => {
    expect(clampToLines('Short and sweet.', 10, 20)).toEqual({ text: 'Short and sweet.', cut: false });
  });

  test('a long paragraph is cut at a word with an ellipsis, within the lines', () => {
    const { text, cut } = clampToLines('word '.repeat(100).trim(), 3, 20);
    expect(cut).toBe(true);
    expect(text.endsWith('…')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(60);
  });

  test('each paragraph starts a line', () => {
    const { text, cut } = clampToLines('one\ntwo\nthree\nfour', 3, 20);
    expect(cut).toBe(true);
    expect(text).toBe('one\ntwo\nthree…');
  });
});
