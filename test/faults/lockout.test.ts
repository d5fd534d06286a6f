import { Agent } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRateRules } from '../../server/deps.js';
import { freePorts, type AppProcess } from './support/app-process.js';
import { faultsEngine } from './support/blank-db.js';
import { requestJson } from './support/http.js';
import { useBlankDb } from './support/use-blank-db.js';

/**
 * The sign-in lockout across two app processes on one database: each attempt is counted in the
 * database before its password is verified, so 50 wrong guesses split between two processes
 * verify at most the limit in all (test/attacks/lockout.test.ts does the same in one process).
 */
const LIMIT = defaultRateRules.signinFailures.limit;
const GUESSES = 50;
const PASSWORD = 'Two-Process-Lock-7';

const faults = useBlankDb();
let a: AppProcess;
let b: AppProcess;
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

describe(`the sign-in lockout across two processes (${faultsEngine})`, () => {
  beforeAll(async () => {
    const [portA, portB] = await freePorts(2);
    // B starts once A has migrated the empty database.
    a = await faults.start({ port: portA, env: { TRUST_PROXY: '127.0.0.1' } });
    b = await faults.start({ port: portB, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => agent.destroy());

  it(`${GUESSES} parallel wrong guesses, half to each process, verify at most ${LIMIT}`, async () => {
    const email = `lockout-${Date.now()}@example.test`;
    const signup = await requestJson(agent, a.baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Lock Tester', email, password: PASSWORD, roles: ['host'] },
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);

    // From one client address, as the count is kept per e-mail and address (server/features/auth/routes.ts).
    const responses = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        requestJson(agent, (i % 2 === 0 ? a : b).baseUrl, 'POST', '/v1/auth/signin', {
          body: { email, password: `Wrong-guess-${i}` },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        }),
      ),
    );
    const counts: Record<number, number> = {};
    for (const r of responses) counts[r.status] = (counts[r.status] ?? 0) + 1;
    console.log(
      `[lockout, two processes] ${GUESSES} parallel wrong guesses: ${JSON.stringify(counts)} (401 = verified)`,
    );
    expect(counts[401] ?? 0).toBeLessThanOrEqual(LIMIT);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(GUESSES);

    // The right password is refused too from that address, on either process; the owner,
    // elsewhere, can still sign in (the guesser cannot lock them out).
    const right = (server: AppProcess, address: string) =>
      requestJson(agent, server.baseUrl, 'POST', '/v1/auth/signin', {
        body: { email, password: PASSWORD },
        headers: { 'x-forwarded-for': address },
      });
    for (const server of [a, b]) expect((await right(server, '203.0.113.7')).status).toBe(429);
    expect((await right(b, '198.51.100.2')).status).toBe(200);
  });
});
