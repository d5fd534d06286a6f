import { describe, expect, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { AuthMessages, AuthServerMessages } from '../../../contract/auth.js';
import { TEST_JWT_SECRET } from '../../test/app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser } from '../../test/builders.js';

const { t } = useTestApp({});

const signin = (body: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: body, remoteAddress: ip });
const get = (url: string, authorization?: string) =>
  t.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('POST /v1/auth/signin', () => {
  it('answers with the session user and a working token', async () => {
    const { user, password } = await buildHost(t.app, { name: 'Hana Host' });
    const res = await signin({ email: user.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: user.id,
      name: 'Hana Host',
      email: user.email,
      is_host: true,
      is_performer: false,
      is_admin: false,
    });
    expect((await get('/v1/test/user', `Bearer ${body.jwt_token}`)).statusCode).toBe(200);
  });

  it('gives one answer for an unknown e-mail and a wrong password', async () => {
    const { user } = await buildUser(t.app);
    const wrong = await signin({ email: user.email, password: 'Wrong-pass1' }, '10.0.0.2');
    const unknown = await signin({ email: 'nobody@example.test', password: 'Wrong-pass1' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe(AuthServerMessages.badCredentials);
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    const { user } = await buildUser(t.app);
    const time = async (email: string) => {
      const start = performance.now();
      await signin({ email, password: 'Wrong-pass1' }, '10.0.0.3');
      return performance.now() - start;
    };
    await time('warmup@example.test');
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      wrong.push(await time(user.email));
      unknown.push(await time(`ghost${i}@example.test`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    // Both pay one argon2id verification; skipping it would make the unknown case ~10x faster. A
    // wrong password for a real account also writes its failure count (the sign-in lockout),
    // which on a loaded machine can cost more than the hash: a CI run measured 23 ms against 87 ms.
    expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.2);
  });

  it.each([
    [{ password: 'x' }, 'email', AuthMessages.emailRequired],
    [{ email: 'not-an-email', password: 'x' }, 'email', AuthMessages.emailInvalid],
    [{ email: 'a@example.test' }, 'password', AuthMessages.passwordRequired],
    [{ email: 'a@example.test', password: '' }, 'password', AuthMessages.passwordRequired],
  ])('validates %j', async (body, field, message) => {
    const res = await signin(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(res.json().fields[field]).toBe(message);
  });

  it('refuses the 11th failed sign-in for one e-mail from one address with 429 for 15 minutes', async () => {
    const { user, password } = await buildUser(t.app);
    for (let i = 1; i <= 10; i++) {
      const res = await signin({ email: user.email, password: `Wrong-pass${i}` }, '10.9.9.9');
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await signin({ email: user.email, password: 'Wrong-pass11' }, '10.9.9.9');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(eleventh.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(eleventh.json().error).toBe(AuthServerMessages.tooManyAttempts);
    // Even the right password waits out the block from that address...
    expect((await signin({ email: user.email, password }, '10.9.9.9')).statusCode).toBe(429);
    // ...but the owner signing in from elsewhere is not locked out.
    expect((await signin({ email: user.email, password }, '10.1.1.1')).statusCode).toBe(200);
    t.clock.advanceMinutes(15);
    expect((await signin({ email: user.email, password }, '10.9.9.9')).statusCode).toBe(200);
  });
});

describe('session tokens', () => {
  it('refuses expired, tampered, unsigned and wrongly-signed tokens with 401', async () => {
    const { user, token } = await buildUser(t.app);
    const [header, payload] = token.split('.') as [string, string, string];
    const claims = JSON.parse(new TextDecoder().decode(base64url.decode(payload)));
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const tampered = `${header}.${base64url.encode(JSON.stringify({ ...claims, sub: String(user.id + 1) }))}.${token.split('.')[2]}`;
    const forged = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const bad of [none, tampered, forged, 'garbage', `${token}x`]) {
      const res = await get('/v1/test/user', `Bearer ${bad}`);
      expect(res.statusCode, bad).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    expect((await get('/v1/test/user', `Bearer ${token}`)).statusCode).toBe(200);
    expect(TEST_JWT_SECRET).not.toContain('another');
  });

  it('expires a token 12 hours after it was issued', async () => {
    const { token } = await buildUser(t.app);
    t.clock.advanceMinutes(12 * 60 - 1);
    expect((await get('/v1/test/user', `Bearer ${token}`)).statusCode).toBe(200);
    t.clock.advanceMinutes(2);
    expect((await get('/v1/test/user', `Bearer ${token}`)).statusCode).toBe(401);
  });

  it('revokes tokens issued before a logout, and lets the user sign in again', async () => {
    const { user, token, password } = await buildUser(t.app);
    const other = await signin({ email: user.email, password }, '10.2.2.2');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await get('/v1/test/user', `Bearer ${token}`)).statusCode).toBe(401);
    expect((await get('/v1/test/user', `Bearer ${other.json().jwt_token}`)).statusCode).toBe(401);
    const again = await signin({ email: user.email, password }, '10.2.2.2');
    expect((await get('/v1/test/user', `Bearer ${again.json().jwt_token}`)).statusCode).toBe(200);
  });

  it('logout without a session is 401', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/auth/logout' })).statusCode).toBe(401);
  });

  it('applies a role change at once, to tokens already issued', async () => {
    const { user, auth } = await buildUser(t.app);
    expect((await get('/v1/test/admin', auth.authorization)).statusCode).toBe(403);
    await t.testDb.db.kysely.updateTable('users').set({ is_admin: true }).where('id', '=', user.id).execute();
    expect((await get('/v1/test/admin', auth.authorization)).statusCode).toBe(200);
  });
});

describe('GET /v1/test/*', () => {
  it('answers each actor as the roles allow', async () => {
    const performer = await buildPerformer(t.app);
    const host = await buildHost(t.app);
    const admin = await buildAdmin(t.app);
    const cases: Array<[string, string | undefined, number, string?]> = [
      ['/v1/test/all', undefined, 200, 'Public Content.'],
      ['/v1/test/user', undefined, 401],
      ['/v1/test/mod', undefined, 401],
      ['/v1/test/admin', undefined, 401],
      ['/v1/test/user', performer.auth.authorization, 200, 'User Content.'],
      ['/v1/test/mod', performer.auth.authorization, 403],
      ['/v1/test/admin', host.auth.authorization, 403],
      ['/v1/test/mod', admin.auth.authorization, 200, 'Moderator Content.'],
      ['/v1/test/admin', admin.auth.authorization, 200, 'Admin Content.'],
    ];
    for (const [url, authorization, status, message] of cases) {
      const res = await get(url, authorization);
      expect(res.statusCode, `${url} ${authorization ? 'signed in' : 'anonymous'}`).toBe(status);
      expect(typeof res.json().message).toBe('string');
      if (message) expect(res.json().message).toBe(message);
    }
  });

  it('gives a JSON 404 for an unknown API path', async () => {
    const res = await get('/v1/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
