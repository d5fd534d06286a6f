import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TOO_LONG } from '../../contract/rich-text.js';

/**
 * Limits checked on raw rich text before the sanitizer sees it. sanitize-html's cost grows with
 * the number of open elements (thousands of unclosed inline tags held a request for seconds), so
 * a body the editor could never produce is refused in one linear pass. The editor's largest
 * honest output (1,500 characters, each word in its own colour, a few images) stays far inside
 * every limit. See docs/decisions/0019-hardening-round-two.md.
 */
export const RICH_TEXT_BOUNDS = {
  /** Tags (start and end), comments and declarations together. */
  maxElements: 5_000,
  /**
   * Characters outside tags, entities as written: eight times the visible-character limit, room for
   * a text of 1,500 `&amp;`s. Longer is refused before the sanitizer decodes it.
   */
  maxTextChars: RICH_TEXT_MAX_CHARS * 8,
  /** Elements open at once (void and self-closed ones do not count). */
  maxDepth: 40,
  /** Attributes on one element: the editor writes at most four. */
  maxAttributes: 12,
} as const;

export const RichTextBoundsMessages = {
  tooLong: RICH_TEXT_TOO_LONG,
  tooManyElements: 'The text has too many elements',
  tooDeep: 'The text is nested too deeply',
  tooManyAttributes: 'An element of the text has too many attributes',
} as const;

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

/** Attributes in a tag's inside (after its name): words separated by spaces outside quotes. */
function countAttributes(html: string, from: number, to: number): number {
  let count = 0;
  let quote = 0;
  let inWord = false;
  for (let i = from; i < to; i++) {
    const c = html.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 0x22 || c === 0x27) {
      quote = c;
      continue;
    }
    if (isSpace(c) || c === 0x2f) {
      inWord = false;
    } else if (!inWord) {
      // `name = "value"`: the `=` and the value belong to the name before them.
      if (c !== 0x3d) count += 1;
      inWord = true;
    }
  }
  return count;
}

/**
 * The first limit the HTML breaks, as a message for a 400 on its field, or null. One pass, each
 * character read at most twice: a tag that never closes ends the scan (the parser reads the rest
 * as text).
 */
export function richTextBoundsProblem(html: string): string | null {
  const stack: string[] = [];
  let elements = 0;
  let text = 0;
  let from = 0;
  let at = html.indexOf('<');
  while (at !== -1) {
    const end = html.indexOf('>', at + 1);
    if (end === -1) break;
    text += at - from;
    from = end + 1;
    if (text > RICH_TEXT_BOUNDS.maxTextChars) return RichTextBoundsMessages.tooLong;
    const next = html.charCodeAt(at + 1);
    if (next === 0x2f) {
      elements += 1;
      // A closing tag closes the nearest open element of its name, and everything inside it.
      let n = at + 2;
      while (n < end && !isSpace(html.charCodeAt(n)) && html.charCodeAt(n) !== 0x2f) n++;
      const name = html.slice(at + 2, n).toLowerCase();
      const index = stack.lastIndexOf(name);
      if (index !== -1) stack.length = index;
    } else if (next === 0x21 || next === 0x3f) {
      elements += 1;
    } else if (isLetter(next)) {
      elements += 1;
      let n = at + 1;
      while (n < end && !isSpace(html.charCodeAt(n)) && html.charCodeAt(n) !== 0x2f) n++;
      const name = html.slice(at + 1, n).toLowerCase();
      if (countAttributes(html, n, end) > RICH_TEXT_BOUNDS.maxAttributes)
        return RichTextBoundsMessages.tooManyAttributes;
      const selfClosed = html.charCodeAt(end - 1) === 0x2f;
      if (!VOID.has(name) && !selfClosed) {
        stack.push(name);
        if (stack.length > RICH_TEXT_BOUNDS.maxDepth) return RichTextBoundsMessages.tooDeep;
      }
    }
    if (elements > RICH_TEXT_BOUNDS.maxElements) return RichTextBoundsMessages.tooManyElements;
    at = html.indexOf('<', end + 1);
  }
  if (text + html.length - from > RICH_TEXT_BOUNDS.maxTextChars) return RichTextBoundsMessages.tooLong;
  return null;
}
