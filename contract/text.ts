import { z } from './zod.js';

/**
 * Text hygiene shared by the forms and the server, so both refuse the same texts.
 * See docs/decisions/0023-framework-errors-text-mail-passwords.md.
 *
 * - Every text is stored in Unicode NFC, so "é" typed two ways is one name.
 * - Control characters (C0, DEL, C1) are refused; multi-line texts keep tab and newline.
 * - Bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) are refused: they
 *   reorder what is shown after them, so a name could read differently from what it is. The
 *   plain direction marks (U+200E, U+200F) stay allowed for right-to-left names.
 * - A name, an act name or an address needs at least one visible character: zero-width
 *   characters, format characters, blank letters and whitespace alone read as empty.
 */
export const TextMessages = {
  control: 'Must not contain control characters',
  bidi: 'Must not contain text-direction override characters',
} as const;

// The one control-character rule: C0 controls, DEL and C1 controls; a multi-line text keeps tab,
// line feed and carriage return. Forms, plain fields, messages and mail headers all read it here.
const CONTROLS = '\\u0000-\\u001f\\u007f-\\u009f';
const CONTROLS_BUT_LINE_BREAKS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
const CONTROL_SINGLE_LINE = new RegExp(`[${CONTROLS}]`);
const CONTROL_MULTILINE = new RegExp(`[${CONTROLS_BUT_LINE_BREAKS}]`);
const CONTROL_MULTILINE_ALL = new RegExp(CONTROL_MULTILINE.source, 'g');
// What ends a line somewhere: every control character, and Unicode's line and paragraph separators.
const LINE_ENDINGS = new RegExp(`[${CONTROLS}\\u2028\\u2029]+`, 'g');
const BIDI_OVERRIDE = /[\u202a-\u202e\u2066-\u2069]/;
/**
 * Characters that show nothing by themselves: whitespace and separators, format characters
 * (zero-width space and joiners, word joiner, byte-order mark, soft hyphen, direction marks),
 * combining marks, and the letters that render blank (Hangul fillers, braille blank).
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\p{Cc}\p{Mn}\p{Me}\u115f\u1160\u3164\uffa0\u2800]/gu;

export const hasControl = (text: string, multiline = false) =>
  (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(text);
/**
 * A multi-line text without its control characters (tab and line breaks stay): for rich text from
 * the editor, where a person typed none of them and NUL could not be stored in PostgreSQL.
 */
export const withoutControls = (text: string) => text.replace(CONTROL_MULTILINE_ALL, '');
/**
 * A text as one line, for a mail header: each run of control characters (line breaks among them)
 * and line or paragraph separators becomes one space, so no value can start another header.
 */
export const asOneLine = (text: string) => text.replace(LINE_ENDINGS, ' ').trim();
export const hasBidiOverride = (text: string) => BIDI_OVERRIDE.test(text);
export const hasVisible = (text: string) => text.replace(INVISIBLE, '').length > 0;
/** A one-line text every plain field accepts as it is: NFC, no controls or overrides, something visible. */
export const isCleanPlainText = (text: string) =>
  text === text.normalize('NFC') && !hasControl(text) && !hasBidiOverride(text) && hasVisible(text);

/** A value as text in NFC; anything that is not a string reads as empty. */
export const asCleanText = (v: unknown): string => (typeof v === 'string' ? v.normalize('NFC') : '');

/** A string schema refusing control characters and bidi overrides. */
export function withoutHiddenControls<T extends z.ZodType<string>>(schema: T, multiline = false) {
  return schema
    .refine((s) => !hasControl(s, multiline), TextMessages.control)
    .refine((s) => !hasBidiOverride(s), TextMessages.bidi);
}

export interface VisibleTextRule {
  max: number;
  /** The message for an empty, blank or invisible text. */
  required: string;
  min?: number;
  tooShort?: string;
  tooLong?: string;
}

/**
 * A required single-line text (a name, an address): NFC, trimmed, at least one visible
 * character, no control or bidi-override characters, within its length. Missing or non-string
 * values read as empty.
 */
export function visibleText(rule: VisibleTextRule) {
  const min = rule.min ?? 1;
  return z.preprocess(
    asCleanText,
    withoutHiddenControls(
      z
        .string()
        .trim()
        .min(1, rule.required)
        .refine(hasVisible, rule.required)
        .refine((s) => s.length >= min, rule.tooShort ?? rule.required)
        .refine((s) => s.length <= rule.max, rule.tooLong ?? `Must be at most ${rule.max} characters`),
    ),
  );
}
