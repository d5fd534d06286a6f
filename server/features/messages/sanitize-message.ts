import { withoutControls } from '../../../contract/text.js';
import type { SanitizedRichText } from '../../lib/rich-text.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';

/**
 * A message from the editor, made safe to store and to mail; a problem is a 400 on `message`.
 * Control characters other than tab and line breaks are dropped first (contract/text.ts): nothing
 * a person types in the editor, and NUL cannot be stored in a PostgreSQL text column at all.
 */
export function sanitizeMessage(html: string): Promise<SanitizedRichText> {
  return sanitizeRichTextField('message', withoutControls(html));
}
