import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  RICH_TEXT_MAX_CHARS,
  RICH_TEXT_MAX_IMAGE_BYTES,
  RICH_TEXT_MAX_IMAGES,
  RICH_TEXT_PALETTE,
} from '../../contract/rich-text.js';
import { measureRichText, RichTextError, RichTextMessages, sanitizeRichText, sniffImageType } from './rich-text.js';

const clean = (html: string) => sanitizeRichText(html).html;
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a', 'hex'),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const JPEG = Buffer.from('ffd8ffe000104a464946', 'hex');
const BMP = Buffer.from('424d1e000000000000001a000000', 'hex');
const ICO = Buffer.from('0000010001001010', 'hex');
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function errorOf(html: string): string {
  try {
    sanitizeRichText(html);
  } catch (err) {
    if (err instanceof RichTextError) return err.message;
    throw err;
  }
  return 'no error';
}

describe('sanitizeRichText keeps what the editor writes', () => {
  it.each([
    ['paragraphs and line breaks', '<p>One</p><p><br /></p><p>Two</p>'],
    ['headings 1 to 3', '<h1>A</h1><h2>B</h2><h3>C</h3>'],
    ['bold, italic, underline, strike', '<p><strong>b</strong><em>i</em><u>u</u><s>s</s><b>b</b><i>i</i></p>'],
    [
      'Quill 2 lists',
      '<ol><li data-list="bullet"><span class="ql-ui"></span>one</li><li data-list="ordered" class="ql-indent-1">two</li></ol>',
    ],
    ['plain lists', '<ul><li>x</li></ul>'],
    ['indents 1 to 8', '<p class="ql-indent-1">a</p><p class="ql-indent-8">b</p>'],
    [
      'alignment classes',
      '<p class="ql-align-center">a</p><h2 class="ql-align-right">b</h2><li class="ql-align-justify">c</li>',
    ],
    ['a palette colour as the browser writes it', '<p><span style="color:rgb(230, 0, 0)">red</span></p>'],
    [
      'a palette colour as hex on an inline format',
      '<p><strong style="color:#0066cc;background-color:#ffff00">x</strong></p>',
    ],
    ['text-align style', '<p style="text-align:center">c</p>'],
    ['an http image', '<p><img src="https://example.org/band.png" alt="band" width="200" /></p>'],
    ['a stored image', `<p><img src="/v1/media/${'a'.repeat(64)}" /></p>`],
  ])('%s', (_label, html) => {
    expect(clean(html)).toBe(html);
  });

  it('makes every link open in a new tab without an opener', () => {
    expect(clean('<p><a href="https://example.org/x">x</a></p>')).toBe(
      '<p><a href="https://example.org/x" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
    expect(clean('<p><a href="https://example.org" target="_self" rel="opener">x</a></p>')).toContain(
      'rel="noopener noreferrer" target="_blank"',
    );
  });

  it.each(['https://example.org/', 'http://example.org/', 'mailto:band@example.org', 'tel:+15551234567'])(
    'keeps a %s link',
    (href) => {
      expect(clean(`<p><a href="${href}">x</a></p>`)).toContain(`href="${href}"`);
    },
  );
});

describe('sanitizeRichText removes what the editor cannot write', () => {
  it.each([
    ['script', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['event attributes', '<p onclick="x()" onmouseover="y()">a</p>', '<p>a</p>'],
    ['other tags, keeping their text', '<div><p>a<font color="red">b</font></p></div>', '<p>ab</p>'],
    ['svg with its content', '<p>a</p><svg onload="x()"><text>hidden</text></svg>', '<p>a</p>'],
    ['iframes with their content', '<p>a</p><iframe src="https://evil.test">inner</iframe>', '<p>a</p>'],
    ['a colour outside the palette', '<p><span style="color:#123456">a</span></p>', '<p><span>a</span></p>'],
    [
      'styles other than colour and alignment',
      '<p style="position:fixed;top:0;text-align:right">a</p>',
      '<p style="text-align:right">a</p>',
    ],
    ['CSS expressions', '<p style="color:expression(alert(1))">a</p>', '<p>a</p>'],
    ['style on a tag that may not carry one', '<h1 style="color:#e60000">a</h1>', '<h1>a</h1>'],
    ['other classes', '<p class="ql-indent-9 evil ql-align-center">a</p>', '<p class="ql-align-center">a</p>'],
    ['unknown list kinds', '<ol><li data-list="x">a</li></ol>', '<ol><li>a</li></ol>'],
    ['ids and data attributes', '<p id="x" data-x="1">a</p>', '<p>a</p>'],
  ])('%s', (_label, html, expected) => {
    expect(clean(html)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'sms:+15551234',
    'file:///etc/passwd',
    '//evil.test/x',
    '/relative/path',
  ])('drops the address of a %s link (it becomes blank)', (href) => {
    const html = clean(`<p><a href="${href}">x</a></p>`);
    expect(html).toBe('<p><a rel="noopener noreferrer" target="_blank">x</a></p>');
  });

  it.each([
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'x',
    '//evil.test/a.png',
    `/v1/media/${'a'.repeat(63)}`,
  ])('drops an image whose address is %s', (src) => {
    expect(clean(`<p>a<img src="${src}" /></p>`)).toBe('<p>a</p>');
  });
});

describe('inline images', () => {
  it.each([
    ['image/png', PNG],
    ['image/gif', GIF],
    ['image/jpeg', JPEG],
    ['image/bmp', BMP],
    ['image/x-icon', ICO],
    ['image/vnd.microsoft.icon', ICO],
  ])('moves a %s data image to media under its SHA-256', (type, bytes) => {
    const result = sanitizeRichText(`<p>a<img src="${dataUrl(type, bytes)}" /></p>`);
    expect(result.html).toBe(`<p>a<img src="/v1/media/${sha(bytes)}" /></p>`);
    expect(result.images).toHaveLength(1);
    expect(result.images[0]!.bytes.equals(bytes)).toBe(true);
    expect(result.images[0]!.mimeType).toBe(type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : type);
  });

  it('stores the type the bytes are, not the one declared', () => {
    const result = sanitizeRichText(`<p><img src="${dataUrl('image/gif', PNG)}" /></p>`);
    expect(result.images[0]!.mimeType).toBe('image/png');
  });

  it('drops a data image whose bytes are no image it accepts', () => {
    const html = Buffer.from('<script>alert(1)</script>');
    expect(clean(`<p>a<img src="${dataUrl('image/png', html)}" /></p>`)).toBe('<p>a</p>');
  });

  it('stores the same image once', () => {
    const src = dataUrl('image/png', PNG);
    const result = sanitizeRichText(`<p><img src="${src}" /><img src="${src}" /></p>`);
    expect(result.images).toHaveLength(1);
  });

  it(`refuses more than ${RICH_TEXT_MAX_IMAGES} images`, () => {
    const images = Array.from(
      { length: RICH_TEXT_MAX_IMAGES + 1 },
      (_, i) => `<img src="https://example.org/${i}.png" />`,
    );
    expect(errorOf(`<p>${images.join('')}</p>`)).toBe(RichTextMessages.tooManyImages);
    expect(errorOf(`<p>${images.slice(1).join('')}</p>`)).toBe('no error');
  });

  it(`refuses an image over ${RICH_TEXT_MAX_IMAGE_BYTES} bytes`, () => {
    const big = Buffer.concat([PNG, Buffer.alloc(RICH_TEXT_MAX_IMAGE_BYTES)]);
    expect(errorOf(`<p><img src="${dataUrl('image/png', big)}" /></p>`)).toBe(RichTextMessages.imageTooLarge);
    const fits = Buffer.concat([PNG, Buffer.alloc(RICH_TEXT_MAX_IMAGE_BYTES - PNG.length)]);
    expect(errorOf(`<p><img src="${dataUrl('image/png', fits)}" /></p>`)).toBe('no error');
  });

  it('recognises image types by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(Buffer.from('<svg'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('length and emptiness', () => {
  it('counts characters as the editor does, not markup or entities', () => {
    expect(measureRichText('<p>a &amp; b</p>').length).toBe(5);
    expect(measureRichText('<p><strong style="color:#e60000">abc</strong></p>').length).toBe(3);
    // Quill: "a\n\nb\n" less its closing newline.
    expect(measureRichText('<p>a</p><p><br /></p><p>b</p>').length).toBe(4);
    expect(measureRichText('<ol><li data-list="bullet"><span class="ql-ui"></span>x</li><li>y</li></ol>').length).toBe(
      3,
    );
    expect(measureRichText('<p>a<img src="https://e.org/a.png" /></p>').length).toBe(2);
  });

  it(`accepts ${RICH_TEXT_MAX_CHARS} characters and refuses one more`, () => {
    expect(errorOf(`<p>${'x'.repeat(RICH_TEXT_MAX_CHARS)}</p>`)).toBe('no error');
    expect(errorOf(`<p>${'x'.repeat(RICH_TEXT_MAX_CHARS + 1)}</p>`)).toBe(RichTextMessages.tooLong);
    expect(errorOf(`<p>${'&amp;'.repeat(RICH_TEXT_MAX_CHARS)}</p>`)).toBe('no error');
    expect(errorOf(`<p>${'x'.repeat(750)}</p><p>${'y'.repeat(750)}</p>`)).toBe(RichTextMessages.tooLong);
  });

  it('refuses a text whose formatting alone would make it long', () => {
    expect(errorOf(`<p>a${'<strong></strong>'.repeat(2400)}</p>`)).toBe(RichTextMessages.tooMuchFormatting);
    const everyWordColoured = Array.from(
      { length: 300 },
      (_, i) => `<span style="color:${RICH_TEXT_PALETTE[i % 35]}">word</span> `,
    );
    expect(errorOf(`<p>${everyWordColoured.join('')}</p>`)).toBe('no error');
  });

  it('does not count markup that is removed', () => {
    expect(errorOf(`<p>ok</p><script>${'x'.repeat(5000)}</script>`)).toBe('no error');
  });

  it.each([
    '<p><br></p>',
    '<p><br></p><p><br></p>',
    '<p>   </p>',
    '<p>&nbsp;</p>',
    '<script>alert(1)</script>',
    '<p><img src="javascript:x"></p>',
    '',
  ])('treats %j as empty', (html) => {
    expect(errorOf(html)).toBe(RichTextMessages.required);
  });

  it('counts an image alone as content', () => {
    expect(errorOf('<p><img src="https://example.org/a.png"></p>')).toBe('no error');
  });

  it('gives the visible text, one line per block, for search', () => {
    expect(sanitizeRichText('<h1>Jazz &amp; Blues</h1><p>on the <em>porch</em></p>').text).toBe(
      'Jazz & Blues\non the porch',
    );
  });
});

describe('the palette', () => {
  it('has the palette of 35 colours, every one accepted in both spellings', () => {
    expect(new Set(RICH_TEXT_PALETTE).size).toBe(35);
    for (const hex of RICH_TEXT_PALETTE) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      expect(clean(`<p><span style="color:${hex}">a</span></p>`)).toContain(hex);
      expect(clean(`<p><span style="background-color:rgb(${r},${g},${b})">a</span></p>`)).toContain('background-color');
    }
  });
});
