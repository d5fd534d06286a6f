import { describe, expect, it } from 'vitest';
import { hasVisibleText, visibleText } from './rich-text.js';

describe('hasVisibleText', () => {
  // Whatever visibleText shows a reader, hasVisibleText says whether it is anything.
  const cases = [
    '',
    '   ',
    '<p></p>',
    '<p> </p><br>',
    '<p>\u00a0</p>',
    '<p>x</p>',
    '<p></p>x',
    'x<p></p>',
    '&nbsp;',
    '<b><i>',
    '<b><i',
    '<p>   <span>  </span>\n</p> <',
    '<<<<',
    '<p title="a > b">',
    '\u2028\ufeff<br>',
    '<img src="a.png">',
  ];
  for (const html of cases) {
    it(`agrees with visibleText on ${JSON.stringify(html)}`, () => {
      expect(hasVisibleText(html)).toBe(visibleText(html).trim().length > 0);
    });
  }

  it('answers a 1.5 MB text of unclosed tags without building it', () => {
    const html = '<b><i><u><s><span>'.repeat(80_000);
    expect(hasVisibleText(html)).toBe(false);
    expect(hasVisibleText(`${html}x`)).toBe(true);
  });
});
