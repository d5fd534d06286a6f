import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TOO_LONG } from '../../../contract/rich-text';
import { richTextSchema } from '../../../contract/rich-text-schema';

const BLOCK_END = /<\/(?:p|h[1-6]|li)>/gi;
// Quill writes an empty line as a block holding only <br>: that break is the block's own.
const EMPTY_LINE_BREAK = /(<(p|h[1-6]|li)\b[^>]*>(?:<span class="ql-ui"[^>]*><\/span>)?)<br\s*\/?>(?=<\/\2>)/gi;

/**
 * Characters as Quill counts them, less its closing newline: text (an entity is one), one per
 * image, one per line break between blocks. The server measures the same way after
 * sanitizing (server/lib/rich-text.ts), so the form and the API agree on the limit.
 */
export function richTextLength(html: string): number {
  const lines = html.replace(EMPTY_LINE_BREAK, '$1');
  const blocks = lines.match(BLOCK_END)?.length ?? 0;
  const images = lines.match(/<img\b/gi)?.length ?? 0;
  const breaks = lines.match(/<br\b[^>]*>/gi)?.length ?? 0;
  const characters = lines.replace(/<[^>]*>/g, '').replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_').length;
  return characters + Math.max(blocks - 1, 0) + images + breaks;
}

/**
 * The contract's rich-text field plus the 1500-character limit (docs/behaviour.md#validation),
 * which the server checks too; checking it here names the problem before anything is sent (pasting
 * can pass the limit even though typing cannot).
 */
export const limitedRichTextSchema = (message?: string) =>
  richTextSchema(message).refine((html) => richTextLength(html) <= RICH_TEXT_MAX_CHARS, RICH_TEXT_TOO_LONG);
