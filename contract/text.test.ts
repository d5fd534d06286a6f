import { describe, expect, it } from 'vitest';
import { ActInputSchema } from './acts.js';
import { AuthMessages, SignupInputSchema } from './auth.js';
import { REQUIRED } from './forms.js';
import { asOneLine, hasBidiOverride, hasControl, hasVisible, TextMessages, withoutControls } from './text.js';
import { VenueFieldsSchema } from './venues.js';

const firstError = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => result.error?.issues[0];

describe('text hygiene rules', () => {
  it('finds nothing visible in zero-width, format, blank and space characters', () => {
    for (const text of [
      '',
      ' ',
      '\u200b\u200b',
      '\u200d\u200c',
      '\ufeff',
      '\u2060',
      '\u00ad',
      '\u3164',
      '\u2800',
      '\u00a0\u3000',
      '\u200e\u200f',
    ])
      expect(hasVisible(text), JSON.stringify(text)).toBe(false);
    for (const text of ['a', '\u200bx', 'é', '김', 'ع', '👨‍👩‍👧', '.'])
      expect(hasVisible(text), JSON.stringify(text)).toBe(true);
  });

  it('finds control characters, keeping tab and newlines for multi-line texts', () => {
    expect(hasControl('a\u0007b')).toBe(true);
    expect(hasControl('a\nb')).toBe(true);
    expect(hasControl('a\nb\tc\r\n', true)).toBe(false);
    expect(hasControl('a\u001bb', true)).toBe(true);
    expect(hasControl('a\u0085b', true)).toBe(true);
    expect(hasControl('plain text')).toBe(false);
  });

  it('drops the same control characters from a multi-line text, and makes any text one line', () => {
    expect(withoutControls('a\u0000b\u0007c\u007f\u0085d\te\r\nf')).toBe('abcd\te\r\nf');
    expect(asOneLine(' Hi\r\nBcc: x\u2028y\u0085z\t ')).toBe('Hi Bcc: x y z');
  });

  it('finds bidi embeddings, overrides and isolates, not the plain direction marks', () => {
    for (const c of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'])
      expect(hasBidiOverride(`x${c}y`)).toBe(true);
    expect(hasBidiOverride('x\u200ey\u200f')).toBe(false);
  });
});

describe('text hygiene in the schemas', () => {
  const signup = (name: string) =>
    SignupInputSchema.safeParse({ name, email: 'a@example.test', password: 'Porch-Music-1', roles: ['host'] });

  it('refuses a name of zero-width spaces as missing, on the name field', () => {
    const issue = firstError(signup('\u200b'.repeat(5)));
    expect(issue?.path).toEqual(['name']);
    expect(issue?.message).toBe(AuthMessages.nameRequired);
  });

  it('refuses an address of one zero-width space or only whitespace as missing', () => {
    for (const address of ['\u200b', '   ', '\u3000']) {
      const issue = firstError(VenueFieldsSchema.safeParse({ address }));
      expect(issue?.path).toEqual(['address']);
      expect(issue?.message).toBe(REQUIRED);
    }
  });

  it('refuses control characters and bidi overrides with their own messages', () => {
    expect(firstError(signup('Ann\u0007 Lee'))?.message).toBe(TextMessages.control);
    expect(firstError(signup('Ann \u202eeeL'))?.message).toBe(TextMessages.bidi);
    const act = ActInputSchema.shape.name.safeParse('The \u2067Band\u2069');
    expect(act.error?.issues[0]?.message).toBe(TextMessages.bidi);
  });

  it('stores texts in NFC and keeps the length rules', () => {
    const parsed = signup('Zoe\u0308 Lee');
    expect(parsed.success && parsed.data.name).toBe('Zoë Lee');
    expect(firstError(signup('Ann'))?.message).toBe(AuthMessages.nameTooShort);
    expect(firstError(signup('x'.repeat(101)))?.message).toBe('Name must be at most 100 characters');
  });

  it('lets a venue preference span lines, but not carry controls', () => {
    const pref = ActInputSchema.shape.venue_pref;
    expect(pref.safeParse('Shade, please.\nNear the park.').success).toBe(true);
    expect(pref.safeParse('Shade\u001b[2J').success).toBe(false);
  });
});
