/**
 * Festival peak (issue 26; docs/decisions/0058): the server's CPU time per request for the busiest
 * answers on festival day, the BUILT server in a child process, seeded through the API
 * (test/support/festival-seed.ts: 300 venues, 600 acts, 600 sets), beside a plain node:http child
 * process sending the very same bytes and headers in the same run. CPU time of each process (from
 * /proc, all its threads) over a fixed number of requests, not requests per second: the load
 * generator shares the two cores, so rates say more about the machine than about the server.
 * Loopback only; stops by itself.
 *
 *   npx tsx bench/festival-peak.ts                                   # SQLite, the full festival
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/festival-peak.ts    # a scratch PostgreSQL database
 *   BENCH_VENUES=40 BENCH_ACTS=80 BENCH_REQUESTS=5000 npx tsx bench/festival-peak.ts   # smaller
 *
 * For each of the drawn pages `/schedule`, `/acts`, `/venues` and an act's page, and for
 * `GET /v1/schedule`: the answer in brotli (`Accept-Encoding: br`) and its revalidation
 * (`If-None-Match` with the current tag: 304). Each pair (plain, app) runs ROUNDS times, in turn;
 * the median of the rounds' ratios is printed beside the target: at most 1.5x the plain server's
 * CPU. Then a burst: BURST requests to `/schedule` at 100 connections, no error allowed, the
 * requests per second printed beside plain's.
 * Exit code 1 when a target is missed.
 */
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../e2e/support/server.js';
import { createTestDb, type TestDb } from '../server/test/database.js';
import { startAppProcess, type AppProcess } from '../test/faults/support/app-process.js';
import { seedFestival } from '../test/support/festival-seed.js';
import { cpuMs, startPlainServer } from './festival-day.js';
import { autocannon } from './support/autocannon.js';
import { envNumber } from './support/env-number.js';
import { benchFestivalSize } from './support/festival-size.js';

const FESTIVAL = benchFestivalSize();
/** Requests per measured run: enough that the 10 ms ticks of /proc are well under 1% of the total. */
const REQUESTS = envNumber('BENCH_REQUESTS', 20_000);
const ROUNDS = envNumber('BENCH_ROUNDS', 3);
const CONNECTIONS = 20;
const TARGET_RATIO = 1.5;
const BURST = envNumber('BENCH_BURST', 20_000);
const BURST_CONNECTIONS = 100;
// Hop-by-hop and per-response headers the plain server makes itself.
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** A response as sent (body still encoded) and every header a plain server must copy. */
function rawResponse(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const copied: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (!NOT_COPIED.has(name) && typeof value === 'string') copied[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: copied });
      });
    }).on('error', reject);
  });
}

/** The brotli answer of `url`, once the server's compression is done (gzip may be sent until then). */
async function brotliResponse(url: string) {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await rawResponse(url, { 'accept-encoding': 'br' });
    if (answer.status === 200 && answer.headers['content-encoding'] === 'br') return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never answered in brotli`);
}

interface Run {
  cpuMsPerRequest: number;
  requests: number;
  unexpected: number;
}

async function measure(pid: number, url: string, headers: Record<string, string>, status: number): Promise<Run> {
  const before = cpuMs(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, amount: REQUESTS, workers: 1, headers });
  const spent = cpuMs(pid) - before;
  const expected = result.statusCodeStats[String(status)]?.count ?? 0;
  return {
    cpuMsPerRequest: spent / Math.max(1, result.requests.total),
    requests: result.requests.total,
    unexpected: result.requests.total - expected + result.errors,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const pad = (s: string, n: number) => s.padEnd(n);

/** The answers measured: the drawn pages and the public schedule's JSON. */
const answers = (actId: number) => [
  { name: 'GET /schedule (drawn page)', path: '/schedule' },
  { name: 'GET /acts (drawn page)', path: '/acts' },
  { name: 'GET /venues (drawn page)', path: '/venues' },
  { name: "GET /acts/{id} (an act's page)", path: `/acts/${actId}` },
  { name: 'GET /v1/schedule', path: '/v1/schedule' },
];

async function main(): Promise<void> {
  ensureBuilt();
  const scratch = mkdtempSync(join(tmpdir(), 'porchfest-festival-peak-'));
  let testDb: TestDb | undefined;
  let app: AppProcess | undefined;
  let plain: Awaited<ReturnType<typeof startPlainServer>> | undefined;
  let met = true;
  try {
    // PostgreSQL when TEST_DATABASE_URL names one (a scratch database of its own), else a SQLite file.
    testDb = process.env.TEST_DATABASE_URL ? await createTestDb() : undefined;
    const database = testDb?.options ?? { databasePath: join(scratch, 'porchfest.sqlite') };
    app = await startAppProcess({ database, env: { LOG_LEVEL: 'warn' } });
    const engine = 'databaseUrl' in database ? 'PostgreSQL' : 'SQLite';
    const festival = await seedFestival(app.baseUrl, FESTIVAL);
    const played = festival.acts.find((a) => a.set !== null) ?? festival.acts[0]!;

    // Each answer as the app sends it (brotli, and the 304 for its tag): the plain server sends the same.
    const measured: Array<{
      name: string;
      path: string;
      kinds: Array<{ label: string; plainPath: string; headers: Record<string, string>; status: number }>;
    }> = [];
    const plainRoutes: Parameters<typeof startPlainServer>[1] = {};
    for (const [i, answer] of answers(played.id).entries()) {
      const br = await brotliResponse(app.baseUrl + answer.path);
      const etag = br.headers.etag;
      if (!etag) throw new Error(`${answer.path} sent no ETag`);
      const notModified = await rawResponse(app.baseUrl + answer.path, {
        'accept-encoding': 'br',
        'if-none-match': etag,
      });
      if (notModified.status !== 304) throw new Error(`${answer.path}: If-None-Match answered ${notModified.status}`);
      plainRoutes[`/${i}.br`] = { body: br.body, headers: br.headers };
      plainRoutes[`/${i}.304`] = { body: Buffer.alloc(0), headers: notModified.headers, status: 304 };
      console.log(`${pad(answer.name, 34)} ${(br.body.length / 1024).toFixed(1)} KB brotli, ETag ${etag}`);
      measured.push({
        ...answer,
        kinds: [
          { label: 'brotli', plainPath: `/${i}.br`, headers: { 'accept-encoding': 'br' }, status: 200 },
          {
            label: '304',
            plainPath: `/${i}.304`,
            headers: { 'accept-encoding': 'br', 'if-none-match': etag },
            status: 304,
          },
        ],
      });
    }
    console.log(
      `\n${engine}; app pid ${app.child.pid} (LOG_LEVEL=warn), ${REQUESTS} requests per run, ` +
        `${CONNECTIONS} connections, ${ROUNDS} rounds`,
    );
    plain = await startPlainServer(scratch, plainRoutes);
    const appPid = app.child.pid!;
    const plainPid = plain.child.pid!;

    // Warm both up: neither pays for JIT in a measured run.
    for (const answer of measured)
      for (const kind of answer.kinds)
        for (const url of [app.baseUrl + answer.path, plain.url + kind.plainPath])
          await autocannon({ url, connections: CONNECTIONS, amount: 2000, workers: 1, headers: kind.headers });

    console.log(
      `\n${pad('request', 42)}${pad('plain CPU/req', 16)}${pad('app CPU/req', 16)}${pad('ratio', 8)}target (median of the rounds' ratios)`,
    );
    for (const answer of measured)
      for (const kind of answer.kinds) {
        const plainRuns: Run[] = [];
        const appRuns: Run[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          plainRuns.push(await measure(plainPid, plain.url + kind.plainPath, kind.headers, kind.status));
          appRuns.push(await measure(appPid, app.baseUrl + answer.path, kind.headers, kind.status));
        }
        const plainMs = median(plainRuns.map((r) => r.cpuMsPerRequest));
        const appMs = median(appRuns.map((r) => r.cpuMsPerRequest));
        // Each round's app run follows its plain run at once: the ratio within a round cancels the
        // machine's drifting load (other work on a shared machine moved single runs by 2x).
        const ratio = median(appRuns.map((r, i) => r.cpuMsPerRequest / plainRuns[i]!.cpuMsPerRequest));
        const unexpected = appRuns.reduce((n, r) => n + r.unexpected, 0);
        const ok = ratio <= TARGET_RATIO && unexpected === 0;
        met &&= ok;
        console.log(
          `${pad(`${answer.name}, ${kind.label}`, 42)}${pad(`${(plainMs * 1000).toFixed(0)} µs`, 16)}${pad(`${(appMs * 1000).toFixed(0)} µs`, 16)}` +
            `${pad(`${ratio.toFixed(2)}x`, 8)}<= ${TARGET_RATIO}x ${ok ? 'MET' : 'MISSED'}` +
            `  (rounds: app ${appRuns.map((r) => (r.cpuMsPerRequest * 1000).toFixed(0)).join('/')} µs, ` +
            `plain ${plainRuns.map((r) => (r.cpuMsPerRequest * 1000).toFixed(0)).join('/')} µs` +
            `${unexpected > 0 ? `; ${unexpected} unexpected answers` : ''})`,
        );
      }

    // The burst: a release or the rain switch sends thousands of phones to the schedule at once.
    const burst = async (url: string) => {
      const began = Date.now();
      const result = await autocannon({
        url,
        connections: BURST_CONNECTIONS,
        amount: BURST,
        workers: 1,
        headers: { 'accept-encoding': 'br' },
      });
      const seconds = (Date.now() - began) / 1000;
      return { result, rate: result.requests.total / seconds };
    };
    const plainBurst = await burst(plain.url + '/0.br');
    const appBurst = await burst(app.baseUrl + '/schedule');
    const failures = appBurst.result.errors + appBurst.result.timeouts + appBurst.result.non2xx;
    met &&= failures === 0;
    console.log(
      `\nburst: ${BURST} requests to /schedule at ${BURST_CONNECTIONS} connections: app ${appBurst.rate.toFixed(0)} req/s ` +
        `(p99 ${appBurst.result.latency.p99} ms), plain ${plainBurst.rate.toFixed(0)} req/s ` +
        `(p99 ${plainBurst.result.latency.p99} ms); ${failures} errors (target 0) ${failures === 0 ? 'MET' : 'MISSED'}`,
    );
  } finally {
    plain?.child.kill('SIGTERM');
    await app?.stop();
    await testDb?.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!met) process.exitCode = 1;
}

await main();
