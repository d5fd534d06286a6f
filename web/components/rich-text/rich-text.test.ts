import { describe, expect, test } from 'vitest';
import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TOO_LONG } from '../../../contract/rich-text';
import { limitedRichTextSchema, richTextLength } from './rich-text-limit';
import { sanitizeRichText } from './sanitize-rich-text';

describe('sanitizeRichText (the renderer)', () => {
  test.each([
    ['<img src=x onerror="window.__xss=1">', 'onerror'],
    ['<a href="javascript:alert(1)">x</a>', 'javascript:'],
    ['<a href="java&#x09;script:alert(1)">x</a>', 'script:'],
    ['<script>alert(1)</script>', '<script'],
    ['<svg><script>alert(1)</script></svg>', '<svg'],
    ['<iframe src="https://evil.example"></iframe>', '<iframe'],
    ['<img src="data:text/html;base64,PHNjcmlwdD4=">', 'data:text'],
    ['<p style="background:url(javascript:alert(1))">x</p>', 'url('],
    ['<a href="sms:123">x</a>', 'sms:'],
    ['<form action="https://evil.example"><input></form>', '<form'],
  ])('%s loses %s', (html, bad) => {
    expect(sanitizeRichText(html).toLowerCase()).not.toContain(bad);
  });

  test("keeps the editor's formats: headings, colours from the palette, lists, indents, safe links and images", () => {
    const html =
      '<h2>Who</h2><p class="ql-indent-2"><strong style="color: rgb(230, 0, 0);">Loud</strong> <a href="https://example.org">site</a></p>' +
      '<ol><li data-list="bullet">one</li></ol><p><img src="/v1/media/' +
      'a'.repeat(64) +
      '"><a href="mailto:band@example.org">mail</a></p>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2>Who</h2>');
    expect(clean).toContain('class="ql-indent-2"');
    expect(clean).toContain('color: rgb(230, 0, 0)');
    expect(clean).toContain('data-list="bullet"');
    expect(clean).toContain('href="https://example.org"');
    expect(clean).toContain('rel="noopener noreferrer"');
    expect(clean).toContain('src="/v1/media/');
    expect(clean).toContain('href="mailto:band@example.org"');
  });

  test('a colour outside the palette is dropped', () => {
    expect(sanitizeRichText('<span style="color: #123456">x</span>')).not.toContain('#123456');
  });
});

describe('the 1500-character limit', () => {
  const paragraph = (n: number) => `<p>${'a'.repeat(n)}</p>`;

  test('counts as Quill does: text, one per line break between blocks, not the closing newline', () => {
    expect(richTextLength(paragraph(10))).toBe(10);
    expect(richTextLength('<p>ab</p><p><br></p><p>cd</p>')).toBe(6);
    expect(richTextLength('<p>a &amp; b</p>')).toBe(5);
  });

  test('1500 characters pass; 1501 give the contract message', () => {
    const schema = limitedRichTextSchema();
    expect(schema.safeParse(paragraph(RICH_TEXT_MAX_CHARS)).success).toBe(true);
    const result = schema.safeParse(paragraph(RICH_TEXT_MAX_CHARS + 1));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(RICH_TEXT_TOO_LONG);
  });

  test('an empty editor counts as empty', () => {
    const result = limitedRichTextSchema().safeParse('<p><br></p>');
    expect(result.error?.issues[0]?.message).toBe('This field is required');
  });
});
