import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../e2e/support/server.js';
import { defaultRateRules } from '../../server/deps.js';
import { startAppProcess, type AppProcess } from './support/app-process.js';
import { createBlankDb, faultsEngine, type BlankDb } from './support/blank-db.js';
import { requestJson } from './support/http.js';

const PASSWORD = 'Sigterm-pass1';
const EMAIL = 'sigterm@faults.test';
/**
 * Sign-ins in flight at SIGTERM: argon2 verifications queued on libuv's four threads. With the
 * held one they stay within the per-account attempt limit (10 counted at once, before any is
 * verified), so every one of them is owed a 200.
 */
const BURST = defaultRateRules.signinFailures.limit - 1;

let blank: BlankDb;
let server: AppProcess | undefined;
beforeAll(async () => {
  ensureBuilt();
  blank = await createBlankDb();
});
afterAll(async () => {
  await server?.stop();
  await blank?.destroy();
});

interface HeldRequest {
  /** Resolves when the server has read the request line and headers and started on it (100 Continue). */
  started: Promise<void>;
  /** Sends the body: the server can then answer. */
  finish(): void;
  response: Promise<{ status: number; body: string }>;
}

/**
 * A POST held open halfway: `Expect: 100-continue` makes the server say when it has taken the
 * request up, and the body is sent only when the test says so. Its own connection.
 */
function heldRequest(port: number, path: string, body: unknown): HeldRequest {
  const payload = Buffer.from(JSON.stringify(body));
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const req = request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: new Agent({ keepAlive: false }),
    headers: { 'content-type': 'application/json', 'content-length': String(payload.length), expect: '100-continue' },
  });
  req.on('continue', () => started());
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.flushHeaders();
  return { started: startedPromise, finish: () => req.end(payload), response };
}

/** 'connected', or the connection error's code. */
function connectOutcome(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
  });
}

describe(`SIGTERM (${faultsEngine})`, () => {
  it('finishes the requests in flight with 2xx, refuses new connections, and exits 0', async () => {
    server = await startAppProcess({ database: blank.options });
    const signup = await requestJson(new Agent(), server.baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Sigterm Person', email: EMAIL, password: PASSWORD, roles: ['host'] },
    });
    expect(signup.status).toBe(201);

    const credentials = { email: EMAIL, password: PASSWORD };
    const held = heldRequest(server.port, '/v1/auth/signin', credentials);
    const burst = Array.from({ length: BURST }, () => heldRequest(server!.port, '/v1/auth/signin', credentials));
    await Promise.all([held.started, ...burst.map((b) => b.started)]);
    // The burst's bodies go now: their password checks are running when the signal lands. The
    // held request's body waits until after it.
    for (const b of burst) b.finish();

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    let refusedAfterMs = -1;
    for (let i = 0; i < 100; i++) {
      if ((await connectOutcome(server.port)) === 'ECONNREFUSED') {
        refusedAfterMs = Date.now() - signalledAt;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(refusedAfterMs, 'a new connection is refused soon after SIGTERM').toBeGreaterThanOrEqual(0);
    expect(server.child.exitCode, 'still running while a request is unfinished').toBeNull();

    held.finish();
    const answers = await Promise.all([held.response, ...burst.map((b) => b.response)]);
    const ok = answers.filter((a) => a.status === 200 && (JSON.parse(a.body) as { jwt_token?: string }).jwt_token);
    const answeredAfterMs = Date.now() - signalledAt;

    const exit = await Promise.race([
      server.exited,
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 10_000)),
    ]);
    const exitedAfterMs = Date.now() - signalledAt;
    console.log(
      `[faults] SIGTERM (${faultsEngine}): ${answers.length} requests in flight (1 held open, ${BURST} sign-ins), ` +
        `${ok.length} answered 200 with a session; new connections refused ${refusedAfterMs} ms after the signal; ` +
        `last answer at ${answeredAfterMs} ms; exit ${exit === 'timeout' ? 'TIMED OUT' : `code ${exit.code}`} at ${exitedAfterMs} ms`,
    );
    expect(answers.map((a) => a.status)).toEqual(Array(BURST + 1).fill(200));
    expect(ok).toHaveLength(BURST + 1);
    expect(exit).toEqual({ code: 0, signal: null });
  });
});
