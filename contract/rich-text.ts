/** docs/behaviour.md#constants-and-limits: visible characters in a message or a bio. */
export const RICH_TEXT_MAX_CHARS = 1500;
export const RICH_TEXT_LIMIT_ALERT = `You've reached the maximum character count of ${RICH_TEXT_MAX_CHARS}.`;
export const RICH_TEXT_TOO_LONG = `Must be at most ${RICH_TEXT_MAX_CHARS} characters`;

/**
 * Inline images (docs/behaviour.md#validation: embedded, not uploaded) are capped so one bio cannot
 * fill the database.
 */
export const RICH_TEXT_MAX_IMAGES = 4;
export const RICH_TEXT_MAX_IMAGE_BYTES = 512 * 1024;
/** Raw HTML as sent, images included; the visible-text limit is checked after sanitizing. */
export const RICH_TEXT_MAX_HTML_BYTES = 1_500_000;

/**
 * docs/behaviour.md#constants-and-limits: the editor's fixed palette of 35 colours (Quill's own),
 * the only text and background colours a rich text may carry. The server also accepts each as the
 * browser writes it, rgb(r, g, b).
 */
export const RICH_TEXT_PALETTE = [
  '#000000',
  '#e60000',
  '#ff9900',
  '#ffff00',
  '#008a00',
  '#0066cc',
  '#9933ff',
  '#ffffff',
  '#facccc',
  '#ffebcc',
  '#ffffcc',
  '#cce8cc',
  '#cce0f5',
  '#ebd6ff',
  '#bbbbbb',
  '#f06666',
  '#ffc266',
  '#ffff66',
  '#66b966',
  '#66a3e0',
  '#c285ff',
  '#888888',
  '#a10000',
  '#b26b00',
  '#b2b200',
  '#006100',
  '#0047b2',
  '#6b24b2',
  '#444444',
  '#5c0000',
  '#663d00',
  '#666600',
  '#003700',
  '#002966',
  '#3d1466',
] as const;

export const LINK_PROTOCOLS = ['http', 'https', 'mailto', 'tel'] as const;
export const IMAGE_DATA_TYPES = [
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const;

const LINE_END_TAG = /^(br|\/p|\/h[1-6]|\/li)\b/i;

/**
 * The text a reader sees: tags removed (block ends and line breaks as new lines), entities counted
 * as one character. One pass with indexOf, not a tag regex: a regex like `<[^>]*>` rescans to the
 * end of the text from every `<` that never closes, which made a text of a million `<` take hours.
 */
export function visibleText(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open === -1 ? -1 : html.indexOf('>', open + 1);
    // No tag left (a `<` that never closes is text, as the browser reads it).
    if (close === -1) {
      out += html.slice(at);
      break;
    }
    out += html.slice(at, open);
    if (LINE_END_TAG.test(html.slice(open + 1, Math.min(close, open + 8)))) out += '\n';
    at = close + 1;
  }
  return out.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_');
}

/**
 * Whether a reader sees anything: `visibleText(html).trim() !== ''`, without building the text.
 * It stops at the first visible character, and a text of tags only is one pass of indexOf: a
 * 1.5 MB body of unclosed tags is checked in milliseconds on the request's thread, where building
 * its visible text held the event loop for over 100 ms.
 */
export function hasVisibleText(html: string): boolean {
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open === -1 ? -1 : html.indexOf('>', open + 1);
    if (close === -1) return /\S/.test(html.slice(at));
    if (open > at && /\S/.test(html.slice(at, open))) return true;
    at = close + 1;
  }
  return false;
}

/**
 * The HTML elements the editor writes (headings 1-3, bold, italic, underline, strike, lists, links,
 * images, coloured spans): the one allowlist the server's sanitizer and the browser's renderer share.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'span',
] as const;
