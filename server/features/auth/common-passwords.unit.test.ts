import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.js';

describe('the common-password list', () => {
  it('holds at least 10,000 passwords and loads quickly', () => {
    const started = performance.now();
    const count = commonPasswordCount();
    const ms = performance.now() - started;
    console.log(`[common passwords] ${count} in the list, loaded in ${ms.toFixed(0)} ms`);
    expect(count).toBeGreaterThanOrEqual(10_000);
    expect(ms).toBeLessThan(2_000);
  });

  it('sees through case, digits and symbols at either end, and look-alike characters', () => {
    for (const p of [
      'password',
      'PASSWORD',
      'Password1!',
      'P@ssw0rd!',
      '!!Dragon99',
      'Trustno1!',
      'Monkey$$$',
      'Sunshine2025#',
    ])
      expect(isCommonPassword(p), p).toBe(true);
  });

  it('lets uncommon passwords through, including ones with a common word inside', () => {
    for (const p of ['Porch-Music-1', 'Wrong-pass1!', 'New-Porch-Pass-7', 'Str0ng!pass', 'Abc!Xq9', 'Maple!Stoop7'])
      expect(isCommonPassword(p), p).toBe(false);
  });
});
