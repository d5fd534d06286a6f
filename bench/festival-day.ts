/**
 * Festival day (docs/decisions/0013-festival-day-operations.md): 300 venues, 600 acts and 1,000
 * users; the BUILT server in a child process (LOG_LEVEL=warn), so the load generator never shares
 * its event loop; autocannon in a worker thread; a plain node:http server, also a child process,
 * sending the very same bytes in the same run for comparison. Loopback only; stops by itself.
 *
 *   npx tsx bench/festival-day.ts                                   # SQLite, 30 s per run, 10-minute soak
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/festival-day.ts    # a scratch PostgreSQL database
 *   BENCH_SECONDS=10 BENCH_SOAK_SECONDS=60 npx tsx bench/festival-day.ts   # a quick run
 *
 * Prints, beside their targets:
 * - GET /v1/schedule (JSON and brotli), the venue list and the act list with a search and a
 *   filter, 50 connections each: requests/s, p50, p99, next to the plain server. Targets: the
 *   schedule at least half the plain server's rate; p99 under 50 ms.
 * - A sign-in storm (20 connections of POST /v1/auth/signin) while the schedule is read at 50:
 *   the schedule's p99 within twice its quiet figure.
 * - The server's resident memory after the load and after a soak at 20 requests per second
 *   (BENCH_SOAK_SECONDS, 600 by default): growth under 50 MB.
 * Exit code 1 when a target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Genres, SLOT_DEFS, type Genre } from '../contract/enums.js';
import { ensureBuilt } from '../e2e/support/server.js';
import type { Db } from '../server/db/connection.js';
import { hashPassword } from '../server/features/auth/passwords.js';
import { loadFestivalConfig } from '../server/features/festival/load.js';
import { createTestDb } from '../server/test/database.js';
import { venueValuesBlocking } from '../server/test/sanitize-blocking.js';
import { startAppProcess, type AppProcess } from '../test/faults/support/app-process.js';
import { insertActs } from './support/insert-acts.js';
import { autocannon, type AutocannonRequest, type AutocannonResult } from './support/autocannon.js';
import { envNumber } from './support/env-number.js';
import { seeded, SONG_WORDS } from './support/seeded.js';

const VENUES = 300;
const ACTS = 600;
const USERS = 1_000;
const CONNECTIONS = 50;
const STORM_CONNECTIONS = 20;
const SECONDS = envNumber('BENCH_SECONDS', 30);
const SOAK_SECONDS = envNumber('BENCH_SOAK_SECONDS', 600);
const SOAK_RATE = 20;
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const TARGET_STORM_FACTOR = 2;
const TARGET_GROWTH_MB = 50;
const PASSWORD = 'Festival-Day-1';

// ASCII only: autocannon decodes every body to a string, which on large non-ASCII bodies makes
// the load generator the bottleneck (STACK-NOTES).
const { random, pick, some, paragraphs } = seeded(614, [...SONG_WORDS, 'shade', 'porch']);

const STREETS = ['Maple', 'Oak', 'Elm', 'Birch', 'Cedar', 'Willow', 'Chestnut', 'Walnut', 'Spruce', 'Aspen'];
/** A bio as the editor writes it: formatted paragraphs, 150 to 1,000 characters of text. */
const bio = () => paragraphs(150 + Math.floor(random() * 850));

/**
 * 1,000 users (one argon2id hash of PASSWORD, so any of them can sign in), 600 acts, 300 venues
 * offering all four slots with two acts scheduled each: every act plays once, and half the
 * slots are still free for the slot filter.
 */
export async function seedFestival(db: Db, mapSearchUrl: string): Promise<string[]> {
  const k = db.kysely;
  const at = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const emails = Array.from({ length: USERS }, (_, i) => `person${i}@festival.test`);
  const userIds: number[] = [];
  for (let i = 0; i < USERS; i += 250) {
    const rows = emails.slice(i, i + 250).map((email, j) => ({
      email,
      name: `Festival Person ${i + j}`,
      password_hash: passwordHash,
      is_host: i + j < 400,
      is_performer: i + j >= 200,
      created_at: at,
      updated_at: at,
    }));
    userIds.push(...(await k.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }
  const hosts = userIds.slice(0, 400);
  const performers = userIds.slice(200);

  const actIds: number[] = [];
  for (let i = 0; i < ACTS; i += 200) {
    const inputs = Array.from({ length: 200 }, (_, j) => ({
      name: `Festival Act ${i + j}`,
      bio: bio(),
      type: pick<Genre>(Genres.values),
      rain_date_available: random() < 0.5,
      preferred_slots: some(SLOT_DEFS, 3),
      size: pick(['one_to_three', 'four_plus'] as const),
      sound_system: 'bring_own' as const,
      venue_pref: null,
    }));
    const acts = inputs.map((input) => ({ input, creator_id: pick(performers) }));
    actIds.push(...(await insertActs(db, acts, at)));
  }

  await k.transaction().execute(async (trx) => {
    const inputs = Array.from({ length: VENUES }, (_, v) => ({
      ...venueValuesBlocking(mapSearchUrl, {
        address: `${v + 1} ${pick(STREETS)} Street`,
        bio: bio(),
        rain_date_available: random() < 0.5,
        preferred_act_types: some<Genre>(Genres.values, 3),
        size_pref: pick(['one_to_three', 'four_plus', 'any'] as const),
        provide_electric: pick(['yes', 'no'] as const),
        provide_sound_system: pick(['yes', 'no'] as const),
      }).values,
      creator_id: pick(hosts),
      created_at: new Date(at.getTime() - v * 60_000),
      updated_at: new Date(at.getTime() - v * 60_000),
    }));
    const venueIds = (await trx.insertInto('venues').values(inputs).returning('id').execute()).map((r) => r.id);
    await trx
      .insertInto('venue_genres')
      .values(venueIds.flatMap((venue_id) => some(Genres.values, 3).map((genre) => ({ venue_id, genre }))))
      .execute();
    // Venue v hosts acts 2v and 2v+1, act a in slot a % 4: two different slots per venue, each act once.
    await trx
      .insertInto('venue_slots')
      .values(
        venueIds.flatMap((venue_id, v) =>
          SLOT_DEFS.map((slot_def, s) => {
            const act = [2 * v, 2 * v + 1].find((a) => a % 4 === s);
            return { venue_id, slot_def, scheduled_act_id: act === undefined ? null : actIds[act]! };
          }),
        ),
      )
      .execute();
  });
  return emails;
}

/** The plain server: a child process of its own, answering each path with the stored bytes and headers. */
const PLAIN_SERVER = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const routes = JSON.parse(readFileSync(process.env.PLAIN_MANIFEST, 'utf8'));
for (const route of Object.values(routes)) route.body = readFileSync(route.file);
const server = createServer((req, res) => {
  const route = routes[req.url];
  if (!route) { res.writeHead(404); return res.end(); }
  if (route.status === 304) { res.writeHead(304, route.headers); return res.end(); }
  res.writeHead(200, { ...route.headers, 'content-length': String(route.body.length) });
  res.end(route.body);
});
server.listen(0, '127.0.0.1', () => console.log(String(server.address().port)));
`;

/** Also used by bench/festival-peak.ts; a route with status 304 answers bodiless with its headers. */
export async function startPlainServer(
  dir: string,
  routes: Record<string, { body: Buffer; headers: Record<string, string>; status?: 200 | 304 }>,
) {
  const manifest: Record<string, { file: string; headers: Record<string, string>; status: number }> = {};
  Object.entries(routes).forEach(([path, route], i) => {
    const file = join(dir, `plain-${i}.bin`);
    writeFileSync(file, route.body);
    manifest[path] = { file, headers: route.headers, status: route.status ?? 200 };
  });
  const manifestFile = join(dir, 'plain-manifest.json');
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const child = spawn(process.execPath, ['--input-type=module', '-e', PLAIN_SERVER], {
    env: { ...process.env, PLAIN_MANIFEST: manifestFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`The plain server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A response as sent: its bytes still encoded, and the headers a plain server must copy. */
function rawResponse(
  url: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`${url} answered ${res.statusCode}`));
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const copied: Record<string, string> = {};
        for (const name of ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary']) {
          const value = res.headers[name];
          if (typeof value === 'string') copied[name] = value;
        }
        resolve({ body: Buffer.concat(chunks), headers: copied });
      });
    }).on('error', reject);
  });
}

/** Resident set size of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

const pad = (s: string, n: number) => s.padEnd(n);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const non2xx = (r: AutocannonResult) => r.non2xx - (r.statusCodeStats['304']?.count ?? 0);
const bad = (r: AutocannonResult) => r.errors + non2xx(r);
/** Socket errors (timeouts among them: autocannon gives up on a response after 10 s), then non-2xx answers. */
const failures = (r: AutocannonResult) => `${r.errors} (${r.timeouts} timeouts) / ${non2xx(r)}`;

interface Row {
  name: string;
  result: AutocannonResult;
  /** CPU time the serving process spent per request (all its threads): unlike latency, not
   * inflated by the load generator or other programs sharing the machine. */
  cpuMsPerRequest?: number;
}

/** CPU time (user + system, all threads) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function printRows(rows: Row[]): void {
  console.log(
    `${pad('run', 66)}${pad('req/s', 10)}${pad('p50', 9)}${pad('p99', 9)}${pad('CPU/req', 10)}errors (timeouts) / non-2xx`,
  );
  for (const { name, result: r, cpuMsPerRequest } of rows) {
    const cpu = cpuMsPerRequest === undefined ? '' : `${cpuMsPerRequest.toFixed(2)} ms`;
    console.log(
      `${pad(name, 66)}${pad(r.requests.average.toFixed(0), 10)}${pad(`${r.latency.p50} ms`, 9)}${pad(`${r.latency.p99} ms`, 9)}${pad(cpu, 10)}${failures(r)}`,
    );
  }
}

interface Check {
  name: string;
  value: string;
  target: string;
  ok: boolean;
  note?: string;
}

async function main(): Promise<void> {
  ensureBuilt();
  const festival = loadFestivalConfig('festival.config.json');
  const testDb = await createTestDb();
  const scratch = mkdtempSync(join(tmpdir(), 'porchfest-bench-'));
  let app: AppProcess | undefined;
  let plain: ChildProcess | undefined;
  const checks: Check[] = [];
  try {
    const seedStart = performance.now();
    const emails = await seedFestival(testDb.db, festival.map_search_url);
    console.log(
      `Seeded ${VENUES} venues, ${ACTS} acts, ${USERS} users on ${testDb.db.dialect} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    // The server gets the database to itself: this process only seeded it.
    app = await startAppProcess({ database: testDb.options, env: { LOG_LEVEL: 'warn' } });
    const base = app.baseUrl;
    console.log(
      `Built server: pid ${app.child.pid}, ${base}, LOG_LEVEL=warn; ${SECONDS} s per run, ${CONNECTIONS} connections`,
    );

    const page = 'offset=0&limit=100&include_total=true&order_by=-updated_time';
    const targets = {
      schedule: '/v1/schedule',
      venues: `/v1/venues?${page}&search=porch&available_slots__slot_def=Slot%202&available_slots__available_to_schedule=true`,
      acts: `/v1/acts?${page}&search=songs&s_preferred_slots__ilike=Slot%202`,
    };
    const brotli = { 'accept-encoding': 'gzip, deflate, br' };
    const scheduleJson = await rawResponse(base + targets.schedule, {});
    const scheduleBr = await rawResponse(base + targets.schedule, brotli);
    const venuesPage = await rawResponse(base + targets.venues, {});
    const actsPage = await rawResponse(base + targets.acts, {});
    const count = (r: { body: Buffer }) => JSON.parse(r.body.toString('utf8')) as { data: unknown[]; total?: number };
    console.log(`GET /v1/schedule: ${kb(scheduleJson.body.length)} JSON, ${kb(scheduleBr.body.length)} brotli`);
    console.log(
      `Venue list (search "porch", Slot 2 free): ${count(venuesPage).data.length} of ${count(venuesPage).total}, ${kb(venuesPage.body.length)}`,
    );
    console.log(
      `Act list (search "songs", prefers Slot 2): ${count(actsPage).data.length} of ${count(actsPage).total}, ${kb(actsPage.body.length)}`,
    );

    const plainServer = await startPlainServer(scratch, {
      '/schedule.json': scheduleJson,
      '/schedule.br': scheduleBr,
      '/venues': venuesPage,
      '/acts': actsPage,
    });
    plain = plainServer.child;

    const load = async (
      name: string,
      url: string,
      options: { headers?: Record<string, string>; seconds?: number; connections?: number } = {},
    ): Promise<Row> => {
      const pid = url.startsWith(base) ? app!.child.pid! : plainServer.child.pid!;
      const cpuBefore = cpuMs(pid);
      const result = await autocannon({
        url,
        connections: options.connections ?? CONNECTIONS,
        duration: options.seconds ?? SECONDS,
        workers: 1,
        headers: options.headers,
      });
      return { name, result, cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total) };
    };

    // Warm both up, so neither pays for JIT or a first render in its measured run.
    for (const path of Object.values(targets)) await load('warm-up', base + path, { seconds: 2 });
    await load('warm-up', `${plainServer.url}/schedule.json`, { seconds: 2 });

    console.log('');
    const pairs: Array<[string, Row, Row]> = [];
    for (const [label, plainPath, appPath, headers] of [
      ['GET /v1/schedule, JSON', '/schedule.json', targets.schedule, {}],
      ['GET /v1/schedule, brotli', '/schedule.br', targets.schedule, brotli],
      ['GET /v1/venues, search + slot filter', '/venues', targets.venues, {}],
      ['GET /v1/acts, search + slot filter', '/acts', targets.acts, {}],
    ] as const) {
      const plainRow = await load(
        `plain node:http, same bytes as ${label.replace('GET ', '')}`,
        plainServer.url + plainPath,
        { headers },
      );
      const appRow = await load(label, base + appPath, { headers });
      pairs.push([label, plainRow, appRow]);
    }
    printRows(pairs.flatMap(([, p, a]) => [p, a]));
    for (const [label, plainRow, appRow] of pairs) {
      const ratio = appRow.result.requests.average / plainRow.result.requests.average;
      const isSchedule = label.includes('schedule');
      checks.push({
        name: `${label}: rate vs plain`,
        value: ratio.toFixed(2),
        target: isSchedule ? `>= ${TARGET_RATIO}` : '(shown)',
        ok: !isSchedule || ratio >= TARGET_RATIO,
      });
      checks.push({
        name: `${label}: p99`,
        value: `${appRow.result.latency.p99} ms (plain ${plainRow.result.latency.p99} ms)`,
        // Saturated, a request waits behind the other connections' work: about connections x CPU per request.
        note: `CPU ${appRow.cpuMsPerRequest!.toFixed(2)} ms/req (plain ${plainRow.cpuMsPerRequest!.toFixed(2)})`,
        target: `< ${TARGET_P99_MS} ms`,
        ok: appRow.result.latency.p99 < TARGET_P99_MS,
      });
      checks.push({
        name: `${label}: errors, non-2xx`,
        value: String(bad(appRow.result)),
        target: '= 0',
        ok: bad(appRow.result) === 0,
      });
    }

    // The sign-in storm: every connection signs in as one of 20 people, with the right password
    // (argon2id verification each time), while 50 connections read the schedule as phones do
    // (brotli): the smaller body keeps the load generator's own work out of the figure.
    const quiet = pairs[1]![2].result;
    const signins: AutocannonRequest[] = emails.slice(0, STORM_CONNECTIONS).map((email) => ({
      method: 'POST',
      path: '/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }));
    console.log(
      `\nSign-in storm: ${STORM_CONNECTIONS} connections of POST /v1/auth/signin while ${CONNECTIONS} read GET /v1/schedule (brotli), ${SECONDS} s`,
    );
    const cpuBeforeStorm = cpuMs(app.child.pid!);
    const [storm, during] = await Promise.all([
      autocannon({ url: base, connections: STORM_CONNECTIONS, duration: SECONDS, workers: 1, requests: signins }),
      autocannon({
        url: base + targets.schedule,
        connections: CONNECTIONS,
        duration: SECONDS,
        workers: 1,
        headers: brotli,
      }),
    ]);
    printRows([
      { name: 'GET /v1/schedule, brotli, quiet (above)', result: quiet },
      { name: 'GET /v1/schedule, brotli, during the storm', result: during },
      { name: 'POST /v1/auth/signin, the storm', result: storm },
    ]);
    const stormCpuS = (cpuMs(app.child.pid!) - cpuBeforeStorm) / 1000;
    console.log(
      `Server CPU during the storm: ${stormCpuS.toFixed(1)} s in ${SECONDS} s (${(stormCpuS / SECONDS).toFixed(2)} cores)`,
    );
    checks.push({
      name: 'schedule p99 during the storm',
      value: `${during.latency.p99} ms (quiet ${quiet.latency.p99} ms)`,
      target: `<= ${TARGET_STORM_FACTOR}x quiet`,
      ok: during.latency.p99 <= TARGET_STORM_FACTOR * quiet.latency.p99,
    });
    checks.push({
      name: 'storm: errors, non-2xx',
      value: String(bad(storm) + bad(during)),
      target: '= 0',
      ok: bad(storm) + bad(during) === 0,
    });

    // Memory: after the load, then after a soak at a steady 20 requests per second of a mix.
    const afterLoad = rssMb(app.child.pid!);
    console.log(`\nResident memory after the load: ${afterLoad.toFixed(1)} MB`);
    const mix: AutocannonRequest[] = [
      { path: targets.schedule, headers: brotli },
      { path: targets.venues },
      { path: targets.schedule },
      { path: targets.acts },
      { path: '/v1/venues?offset=0&limit=100&include_total=true&order_by=-updated_time' },
      { path: '/v1/venues/1' },
      { path: '/v1/acts/1' },
      { path: '/v1/festival' },
      { path: '/v1/acts?offset=0&limit=100&include_total=true&order_by=-updated_time&type=folk' },
      signins[0]!,
    ];
    console.log(
      `Soak: ${SOAK_RATE} requests/s for ${SOAK_SECONDS} s (BENCH_SOAK_SECONDS), a mix of ${mix.length} requests incl. a sign-in`,
    );
    const samples: string[] = [];
    const sampler = setInterval(
      () => samples.push(rssMb(app!.child.pid!).toFixed(0)),
      Math.max(5_000, (SOAK_SECONDS * 1000) / 10),
    );
    const soak = await autocannon({
      url: base,
      connections: 4,
      duration: SOAK_SECONDS,
      workers: 1,
      overallRate: SOAK_RATE,
      requests: mix,
    });
    clearInterval(sampler);
    const afterSoak = rssMb(app.child.pid!);
    console.log(
      `Soak: ${soak.requests.total} requests (${soak.requests.average.toFixed(1)}/s), p99 ${soak.latency.p99} ms, errors (timeouts) / non-2xx ${failures(soak)}; ` +
        `RSS during it (MB): ${samples.join(', ')}; after it ${afterSoak.toFixed(1)} MB`,
    );
    checks.push({ name: 'RSS after the load', value: `${afterLoad.toFixed(1)} MB`, target: '(shown)', ok: true });
    checks.push({
      name: `RSS growth over a ${SOAK_SECONDS} s soak`,
      value: `${(afterSoak - afterLoad).toFixed(1)} MB (to ${afterSoak.toFixed(1)} MB)`,
      target: `< ${TARGET_GROWTH_MB} MB`,
      ok: afterSoak - afterLoad < TARGET_GROWTH_MB,
    });
    checks.push({ name: 'soak: errors, non-2xx', value: String(bad(soak)), target: '= 0', ok: bad(soak) === 0 });
  } finally {
    plain?.kill('SIGTERM');
    await app?.stop();
    await testDb.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log('\nTargets:');
  for (const c of checks)
    console.log(
      `  ${pad(c.name, 58)}${pad(c.value, 34)}${pad(c.target, 16)}${c.target === '(shown)' ? '' : c.ok ? 'MET' : 'MISSED'}${c.note ? `  ${c.note}` : ''}`,
    );
  process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
}

// Run when started as a script, not when imported for its seed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
