import type { SanitizedRichText } from '../../lib/rich-text.js';
import { sanitizeRichTextField } from '../../lib/rich-text-pool.js';

// C0 controls other than tab, line feed and carriage return, and DEL: nothing a person types
// in the editor, and NUL cannot be stored in a PostgreSQL text column at all (it would be a 500).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A message from the editor, made safe to store and to mail; a problem is a 400 on `message`. */
export function sanitizeMessage(html: string): Promise<SanitizedRichText> {
  return sanitizeRichTextField('message', html.replace(CONTROL, ''));
}
