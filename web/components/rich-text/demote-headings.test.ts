import { describe, expect, test } from 'vitest';
import { demoteHeadings } from './demote-headings';

describe('a bio’s headings go below the heading it sits under', () => {
  test('h1 to h3 under a page’s h1 become h2 to h4, their closing tags with them', () => {
    expect(demoteHeadings('<h1>Who</h1><p>x</p><h2 class="ql-align-center">Gear</h2><h3>Amps</h3>', 1)).toBe(
      '<h2>Who</h2><p>x</p><h3 class="ql-align-center">Gear</h3><h4>Amps</h4>',
    );
  });

  test('a bio whose top heading is an h3 starts one level down, and never skips a level', () => {
    expect(demoteHeadings('<h3>About</h3><h1>Big</h1><h3>Small</h3>', 2)).toBe(
      '<h3>About</h3><h3>Big</h3><h4>Small</h4>',
    );
    expect(demoteHeadings('<h1>A</h1><h3>C</h3>', 1)).toBe('<h2>A</h2><h3>C</h3>');
  });

  test('no deeper than h6; text without headings is left alone', () => {
    expect(demoteHeadings('<h1>A</h1><h2>B</h2><h3>C</h3>', 5)).toBe('<h6>A</h6><h6>B</h6><h6>C</h6>');
    expect(demoteHeadings('<p>Plain <strong>hi</strong></p>', 1)).toBe('<p>Plain <strong>hi</strong></p>');
  });
});
