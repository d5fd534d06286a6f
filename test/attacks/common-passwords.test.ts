import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthServerMessages, isStrongPassword } from '../../contract/auth.js';
import { issueResetToken } from '../../server/features/auth/reset-tokens.js';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { buildUser } from '../../server/test/builders.js';

/**
 * The most common passwords, dressed up to pass the strength rule the way people do (a capital,
 * a digit, a symbol), refused at sign-up and at reset (NIST SP 800-63B asks for a check against
 * a list of commonly used passwords). See docs/decisions/0023-framework-errors-text-mail-passwords.md.
 */
const COMMON = [
  'Password1!',
  'Password123!',
  'P@ssword1',
  'Qwerty123!',
  'Iloveyou1!',
  'Summer2024!',
  'Welcome1!',
  'Football1!',
  'Baseball1!',
  'Dragon123!',
  'Monkey123!',
  'Letmein1!',
  'Sunshine1!',
  'Princess1!',
  'Superman1!',
  'Trustno1!',
  'Starwars1!',
  'Michael1!',
  'Shadow123!',
  'Master123!',
  'Abc12345!',
  '!Qwertyuiop1',
];
/** Strong, uncommon passwords that must still be taken. */
const FINE = ['Porch-Music-1', 'Str0ng!pass', 'Gravel-Lantern-42', 'Tuba&Fiddle9', 'Maple!Stoop7'];

let t: TestApp;
beforeAll(async () => {
  const relaxed = { limit: 10_000, windowMinutes: 60, blockMinutes: 1 };
  t = await createTestApp({ rateRules: { signupPerAddress: relaxed } });
});
afterAll(() => t.close());

let n = 0;
const signup = (password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { name: 'Pat Porch', email: `common-${++n}-${Date.now()}@example.test`, password, roles: ['host'] },
  });

async function reset(password: string) {
  const { user } = await buildUser(t.app);
  const token = await issueResetToken(t.app.deps.db.kysely, user.id, t.app.deps.clock.now());
  return t.app.inject({ method: 'POST', url: '/v1/auth/updatepass', payload: { email: user.email, password, token } });
}

describe('common passwords', () => {
  it(`refuses ${COMMON.length} common passwords that pass the strength rule, at sign-up and at reset`, async () => {
    for (const p of COMMON) expect(isStrongPassword(p), p).toBe(true);
    let refused = 0;
    let accepted = 0;
    for (const password of COMMON) {
      for (const res of [await signup(password), await reset(password)]) {
        if (res.statusCode === 400) {
          refused += 1;
          expect(res.json(), password).toMatchObject({ fields: { password: AuthServerMessages.passwordCommon } });
        } else accepted += 1;
      }
    }
    console.log(
      `[common passwords] ${COMMON.length * 2} tries (sign-up and reset): ${refused} refused, ${accepted} accepted`,
    );
    expect(accepted).toBe(0);
  });

  it('takes strong uncommon passwords, and keeps the strength message for weak ones', async () => {
    for (const password of FINE) {
      expect((await signup(password)).statusCode, password).toBe(201);
      expect((await reset(password)).statusCode, password).toBe(200);
    }
    const weak = await signup('password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).not.toBe(AuthServerMessages.passwordCommon);
  });
});
