import { z } from './zod.js';
import { REQUIRED } from './forms.js';
import { hasVisibleText, RICH_TEXT_MAX_HTML_BYTES } from './rich-text.js';

// Apart from contract/rich-text.ts, which is zod-free: a page that shows rich text (every card)
// loads the sanitizer's lists, not the schema library (contract/choices.ts says why).

/**
 * The rich-text field as sent: HTML from the editor. The server sanitizes it and checks the
 * visible length; an editor that holds only empty paragraphs counts as empty
 * (docs/behaviour.md#validation).
 */
export function richTextSchema(message = REQUIRED) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v : ''),
    z
      .string()
      .max(RICH_TEXT_MAX_HTML_BYTES, 'The text is too large')
      .refine((html) => hasVisibleText(html) || /<img\s/i.test(html), message),
  );
}
