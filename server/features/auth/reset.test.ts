import { describe, expect, it } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../../contract/auth.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildUser, type BuiltUser } from '../../test/builders.js';

const { t } = useTestApp({});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

/** Asks for a reset and returns the token from the link in the e-mail the SMTP server received. */
async function requestReset(email: string): Promise<string> {
  const before = t.smtp.messages.length;
  const res = await post('/v1/auth/forgotpass', { email });
  expect(res.statusCode).toBe(200);
  await t.deliverMail();
  const mail = await t.smtp.waitFor((m, i = t.smtp.messages.indexOf(m)) => i >= before && m.to.includes(email));
  const link = /http:\/\/porchfest\.test\/resetpass\?\S+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  expect(url.searchParams.get('email')).toBe(email);
  return url.searchParams.get('token')!;
}

const signin = (email: string, password: string) => post('/v1/auth/signin', { email, password });
const NEW_PASSWORD = 'Brand-new-pass9';

async function freshUser(): Promise<BuiltUser> {
  return buildUser(t.app);
}

describe('password reset', () => {
  it('mails a single-use link that sets a new password and revokes older sessions', async () => {
    const { user, password, auth } = await freshUser();
    const token = await requestReset(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url

    const stored = await t.testDb.db.kysely
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token })).statusCode).toBe(200);
    // Validating does not consume.
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token })).statusCode).toBe(200);

    const update = await post('/v1/auth/updatepass', { email: user.email, password: NEW_PASSWORD, token });
    expect(update.statusCode).toBe(200);
    expect((await signin(user.email, password)).statusCode).toBe(401);
    expect((await signin(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/test/user', headers: auth })).statusCode).toBe(401);

    const reused = await post('/v1/auth/updatepass', { email: user.email, password: 'Another-pass1', token });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe(AuthServerMessages.tokenInvalid);
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token })).statusCode).toBe(400);
  });

  it('answers forgotpass the same way for an unknown address and sends nothing', async () => {
    const { user } = await freshUser();
    const known = await post('/v1/auth/forgotpass', { email: user.email });
    const unknown = await post('/v1/auth/forgotpass', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    await t.deliverMail();
    expect(t.smtp.messages.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
  });

  it.each([
    [{}, 'email', AuthMessages.emailRequired],
    [{ email: 'nope' }, 'email', AuthMessages.emailInvalid],
  ])('validates forgotpass %j', async (body, field, message) => {
    const res = await post('/v1/auth/forgotpass', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('accepts a token at 59 minutes and refuses it at 61', async () => {
    const { user } = await freshUser();
    const token = await requestReset(user.email);
    t.clock.advanceMinutes(59);
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token })).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token })).statusCode).toBe(400);
    const late = await post('/v1/auth/updatepass', { email: user.email, password: NEW_PASSWORD, token });
    expect(late.statusCode).toBe(400);
    expect((await signin(user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('voids a token once a newer one is issued', async () => {
    const { user } = await freshUser();
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token: first })).statusCode).toBe(400);
    expect((await post('/v1/auth/validatepasstoken', { email: user.email, token: second })).statusCode).toBe(200);
  });

  it("does not accept one user's token for another user's e-mail", async () => {
    const victim = await freshUser();
    const attacker = await freshUser();
    const token = await requestReset(attacker.user.email);
    const res = await post('/v1/auth/updatepass', { email: victim.user.email, password: NEW_PASSWORD, token });
    expect(res.statusCode).toBe(400);
    expect((await signin(victim.user.email, victim.password)).statusCode).toBe(200);
  });

  it.each([
    ['no token at all (the spec client body)', {}],
    ['an empty token', { token: '' }],
    ['a made-up token', { token: 'A'.repeat(43) }],
  ])('leaves the password unchanged for updatepass with %s', async (_label, extra) => {
    const { user, password } = await freshUser();
    await requestReset(user.email); // a real token exists, but the caller does not have it
    const res = await post('/v1/auth/updatepass', { email: user.email, password: NEW_PASSWORD, ...extra });
    expect(res.statusCode).toBe(400);
    expect((await signin(user.email, password)).statusCode).toBe(200);
    expect((await signin(user.email, NEW_PASSWORD)).statusCode).toBe(401);
  });

  it('checks the new password with the registration rule', async () => {
    const { user } = await freshUser();
    const token = await requestReset(user.email);
    const res = await post('/v1/auth/updatepass', { email: user.email, password: 'weakpass', token });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toBe(AuthMessages.passwordWeak);
  });

  it('lets exactly one of 20 parallel updatepass calls with one token succeed', async () => {
    const { user } = await freshUser();
    const token = await requestReset(user.email);
    const passwords = Array.from({ length: 20 }, (_, i) => `Parallel-pass${i}!`);
    const results = await Promise.all(
      passwords.map((password) => post('/v1/auth/updatepass', { email: user.email, password, token })),
    );
    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [passwords[i]!] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
    expect((await signin(user.email, winners[0]!)).statusCode).toBe(200);
  });

  it('limits reset requests for one address', async () => {
    const { user } = await freshUser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('/v1/auth/forgotpass', { email: user.email })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});
