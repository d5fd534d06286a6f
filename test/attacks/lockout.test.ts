import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateRules } from '../../server/deps.js';
import { createTestApp, type TestApp } from '../../server/test/app.js';
import { buildUser } from '../../server/test/builders.js';

/**
 * The sign-in lockout under concurrency: each attempt is counted before its password is verified,
 * so guesses sent all at once verify at most the limit; a right guess among them does not clear
 * the count; and one address guessing across many e-mails is limited too. On the engine the
 * suite runs on (SQLite, or PostgreSQL with TEST_DATABASE_URL); test/faults/lockout.test.ts
 * does the same across two processes.
 */
const LIMIT = defaultRateRules.signinFailures.limit;
const PER_ADDRESS = { limit: 20, windowMinutes: 15, blockMinutes: 15 };

let t: TestApp;
beforeAll(async () => {
  // A lower per-address limit than the default keeps the across-e-mails run short.
  t = await createTestApp({ rateRules: { signinFailuresPerAddress: PER_ADDRESS } });
});
afterAll(() => t.close());

const signin = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/v1/auth/signin', payload: { email, password }, remoteAddress: ip });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('sign-in lockout under concurrency', () => {
  it(`50 parallel wrong guesses for one account verify at most ${LIMIT}`, async () => {
    const { user } = await buildUser(t.app);
    const statuses = (
      await Promise.all(Array.from({ length: 50 }, (_, i) => signin(user.email, `Wrong-guess-${i}`, '203.0.113.7')))
    ).map((r) => r.statusCode);
    const counts = tally(statuses);
    console.log(`[lockout] 50 parallel wrong guesses: ${JSON.stringify(counts)} (401 = verified)`);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
  });

  it('a right guess among 100 parallel ones does not clear the count for the rest', async () => {
    const { user, password } = await buildUser(t.app);
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 3 ? password : `Wrong-guess-${i}`));
    const statuses = (await Promise.all(guesses.map((g) => signin(user.email, g, '203.0.113.8')))).map(
      (r) => r.statusCode,
    );
    const counts = tally(statuses);
    console.log(`[lockout] 100 parallel guesses, one right: ${JSON.stringify(counts)}`);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(LIMIT);
    // Later wrong guesses from that address are still refused.
    expect((await signin(user.email, 'Wrong-again-1', '203.0.113.8')).statusCode).toBe(429);
  });

  it('limits one address guessing across many e-mails', async () => {
    const perAddress = PER_ADDRESS.limit;
    const statuses: number[] = [];
    for (let i = 0; i < perAddress + 5; i += 1) {
      const res = await signin(`nobody-${i}@example.test`, 'Wrong-guess-1', '203.0.113.9');
      statuses.push(res.statusCode);
    }
    const counts = tally(statuses);
    console.log(`[lockout] ${perAddress + 5} e-mails from one address: ${JSON.stringify(counts)}`);
    expect(counts[401]).toBe(perAddress);
    expect(counts[429]).toBe(5);
    // Another address is not affected.
    expect((await signin('nobody-0@example.test', 'Wrong-guess-1', '203.0.113.10')).statusCode).toBe(401);
  });
});
