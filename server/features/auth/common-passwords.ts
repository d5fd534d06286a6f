import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (NIST SP 800-63B asks that a new password be checked against a
 * list of commonly used ones): zxcvbn-ts's list of 49,233, from real password leaks, loaded on
 * the server only and only once, on first use. See
 * docs/decisions/0023-framework-errors-text-mail-passwords.md.
 *
 * The strength rule already refuses every entry as it stands (none has a capital, a digit and a
 * symbol), so a password is compared the way people dress a common one up to pass it: ignoring
 * case, the digits and symbols added at either end, and the usual look-alike substitutions
 * ('P@ssw0rd', 'Summer2024!', '!Qwertyuiop1').
 */
let common: ReadonlySet<string> | undefined;

export function commonPasswordCount(): number {
  return commonPasswords().size;
}

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary['passwords-common']);
  return common;
}

const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
const unLeet = (text: string) => text.replace(/[@43!10$57]/g, (c) => LOOK_ALIKES[c] ?? c);

/** A shorter core (three letters and less) says little: a strong password may contain "abc". */
const MIN_CORE = 4;

export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const withoutEndSymbols = lower.replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  const core = lower.replace(/^[^a-z@$]+|[^a-z@$]+$/g, '');
  const candidates = [lower, withoutEndSymbols, core, unLeet(core), unLeet(withoutEndSymbols)];
  return candidates.some((c) => c.length >= MIN_CORE && list.has(c));
}
