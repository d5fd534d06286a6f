import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../e2e/support/server.js';
import { createTestDb, type TestDb } from '../../server/test/database.js';
import { startSmtpSink, type SmtpSink } from '../../server/test/smtp-sink.js';
import { venueBody } from '../support/bodies.js';
import { startBuiltServer } from './support/built-server.js';

/**
 * Attack suite (docs/decisions/0012-attack-suite.md): the log of a full run holds no password,
 * session token, reset token or Authorization value. The built server runs a whole account's life
 * (sign-up, sign-in, a failed sign-in, authenticated calls, a reset by the mailed link, logout) at
 * LOG_LEVEL info and debug, and its stdout and stderr are searched for every secret it saw.
 *
 * SMTP_URL is set: without it the app prints mail, reset links included, to the log on purpose
 * (docs/decisions/0004-mail-outbox.md), which is for a developer's machine only.
 */
const JWT_SECRET = 'logs-test-secret-that-is-long-enough-for-hs256-0123456789';

let smtp: SmtpSink;
beforeAll(async () => {
  ensureBuilt();
  smtp = await startSmtpSink();
});
afterAll(() => smtp?.close());

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

/** Runs the account's whole life against baseUrl; returns every secret that went over the wire. */
async function fullRun(baseUrl: string, level: string): Promise<{ secrets: Record<string, string>; requests: number }> {
  let requests = 0;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    requests += 1;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // An HTML page or an empty body.
    }
    return { status: res.status, body: parsed } satisfies Reply;
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  const email = `log-${level}-${Date.now()}@example.test`;
  const password = `Secret-Porch-${level}-1`;
  const wrongPassword = `Wrong-Guess-${level}-2`;
  const newPassword = `Fresh-Porch-${level}-3`;

  const signup = await call('POST', '/v1/auth/signup', { name: 'Log Tester', email, password, roles: ['host'] });
  expect(signup.status).toBe(201);
  const signupToken = String(signup.body.jwt_token);
  expect((await call('POST', '/v1/auth/signin', { email, password: wrongPassword })).status).toBe(401);
  const signin = await call('POST', '/v1/auth/signin', { email, password });
  expect(signin.status).toBe(200);
  const sessionToken = String(signin.body.jwt_token);
  expect((await call('GET', '/v1/test/user', undefined, bearer(sessionToken))).status).toBe(200);
  const venue = await call(
    'POST',
    '/v1/venues',
    venueBody('3 Log Lane', { bio: '<p>A quiet porch.</p>' }),
    bearer(sessionToken),
  );
  expect(venue.status).toBe(201);
  // A bad token, a token in a query string, a malformed body carrying a password: error paths log too.
  expect((await call('GET', '/v1/test/admin', undefined, bearer(`${sessionToken}x`))).status).toBe(401);
  expect((await call('GET', `/v1/venues?token=${sessionToken}`)).status).toBe(200);
  const broken = await fetch(`${baseUrl}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(sessionToken) },
    body: `{"email":"${email}","password":"${password}"`,
  });
  requests += 1;
  expect(broken.status).toBe(400);

  expect((await call('POST', '/v1/auth/forgotpass', { email })).status).toBe(200);
  const mail = await smtp.waitFor((m) => m.to.includes(email), 20_000);
  const link = /https?:\/\/\S+\/resetpass\?[^\s"<>]+/.exec(mail.text)?.[0];
  expect(link, 'the reset mail carries its link').toBeDefined();
  const resetUrl = new URL(link!.replace(/&amp;/g, '&'));
  const resetToken = resetUrl.searchParams.get('token')!;
  expect(resetToken.length).toBeGreaterThan(20);
  // The browser opens the link (the token in the URL), then the page's calls carry it as Referer.
  const page = await fetch(`${baseUrl}${resetUrl.pathname}${resetUrl.search}`);
  requests += 1;
  expect(page.status).toBe(200);
  const referer = { referer: resetUrl.toString() };
  expect((await call('POST', '/v1/auth/validatepasstoken', { email, token: resetToken }, referer)).status).toBe(200);
  expect(
    (await call('POST', '/v1/auth/updatepass', { email, token: resetToken, password: newPassword }, referer)).status,
  ).toBe(200);
  const again = await call('POST', '/v1/auth/signin', { email, password: newPassword });
  expect(again.status).toBe(200);
  const lastToken = String(again.body.jwt_token);
  expect((await call('POST', '/v1/auth/logout', undefined, bearer(lastToken))).status).toBe(200);

  const signature = (token: string) => token.split('.')[2] ?? token;
  return {
    requests,
    secrets: {
      password,
      'wrong password': wrongPassword,
      'new password': newPassword,
      'sign-up token': signupToken,
      'session token': sessionToken,
      'session token signature': signature(sessionToken),
      'last token': lastToken,
      'reset token': resetToken,
      'reset token, URL-encoded': encodeURIComponent(resetToken),
      'JWT secret': JWT_SECRET,
      'password hash': '$argon2',
    },
  };
}

describe('logs hold no secret', () => {
  for (const level of ['info', 'debug']) {
    it(`LOG_LEVEL=${level}: no password, token or Authorization value in a full run's output`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'porchfest-logs-'));
      // PostgreSQL when the suite runs on it (a fresh database of its own), else a SQLite file.
      let testDb: TestDb | undefined;
      let database: Record<string, string> = { DATABASE_PATH: join(dataDir, 'porchfest.sqlite') };
      if (process.env.TEST_DATABASE_URL) {
        testDb = await createTestDb();
        database = { DATABASE_URL: (testDb.options as { databaseUrl: string }).databaseUrl };
      }
      const server = await startBuiltServer({
        ...database,
        JWT_SECRET,
        SMTP_URL: smtp.url,
        LOG_LEVEL: level,
      });
      try {
        const { secrets, requests } = await fullRun(server.baseUrl, level);
        await server.stop();
        const log = server.output();
        // The log is not empty: every request is in it, so its silence about secrets means something.
        const logged = log.split('\n').filter((line) => line.includes('"reqId"')).length;
        expect(logged, 'request log lines').toBeGreaterThanOrEqual(requests);
        const found = Object.entries(secrets)
          .filter(([, value]) => log.includes(value))
          .map(([name]) => name);
        expect(found, 'secrets in the log').toEqual([]);
        expect(log).not.toMatch(/bearer/i);
        expect(log).not.toMatch(/authorization/i);
        expect(log).not.toMatch(/"password"/i);
        expect(log).not.toMatch(/[?&]token=/i);
        console.log(
          `logs (LOG_LEVEL=${level}): ${requests} requests, ${logged} log lines, ${log.length} bytes searched for ${Object.keys(secrets).length + 4} secrets and patterns: none found`,
        );
      } finally {
        await server.stop();
        await testDb?.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
