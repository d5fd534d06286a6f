import { asOneLine } from '../../contract/text.js';

/** A message as the app composes it. Addresses are single, validated addresses, never lists. */
export interface MailMessage {
  to: string;
  /** Where replies go: the person who wrote, so the conversation continues by e-mail. */
  replyTo?: { name?: string | null; address: string } | null;
  subject: string;
  text: string;
  html?: string | null;
}

/**
 * Removes anything that could end a header line (CR, LF, other control characters and
 * Unicode line separators), so no field can add a header: the one rule of contract/text.ts.
 */
export const headerSafe = asOneLine;

/** The most characters of one name (an act's, an address) a subject carries. */
export const SUBJECT_NAME_MAX = 60;

/**
 * A name someone typed, as a subject carries it: one line, and at most SUBJECT_NAME_MAX characters
 * (cut with "…"), so no one's free text makes a subject long; the body has it whole
 * (docs/decisions/0033-scheduling-mail-subjects.md).
 */
export function subjectName(value: string, max = SUBJECT_NAME_MAX): string {
  const flat = headerSafe(value);
  const chars = Array.from(flat);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : flat;
}

// One mailbox: no spaces, commas, angle brackets, quotes or control characters that would let
// a value become a list of recipients or a display name.
const SINGLE_ADDRESS = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;

export function isSingleAddress(value: string): boolean {
  return value.length <= 254 && SINGLE_ADDRESS.test(value);
}
