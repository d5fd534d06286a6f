/** A message as the app composes it. Every header value is single-line by construction. */
export interface MailMessage {
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Removes anything that could end a header line (CR, LF, other control characters and
 * Unicode line separators), so no field can add a header or a recipient.
 */
export function headerSafe(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ').trim();
}
