/**
 * The public schedule on festival day: 300 venues and 600 acts, GET /v1/schedule under
 * autocannon with 50 connections, beside a plain node:http server sending the very same bytes
 * in the same run (so the figures compare like for like on whatever machine runs this).
 *
 *   npx tsx bench/schedule.ts                                      # SQLite (the default engine)
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/schedule.ts       # a scratch PostgreSQL database
 *   BENCH_SECONDS=5 npx tsx bench/schedule.ts                      # shorter runs
 *
 * Targets: the schedule at least half the plain server's rate, and p99 under 50 ms. The seed is
 * ASCII: autocannon decodes every body to a string, which on large non-ASCII bodies makes the
 * load generator itself the bottleneck (STACK-NOTES). autocannon runs in a worker thread, so the
 * server under test has the main thread to itself. Stops by itself; exit code 1 if a target is missed.
 */
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { Genres, SLOT_DEFS } from '../contract/enums.js';
import { loadFestivalConfig } from '../server/features/festival/load.js';
import type { Db } from '../server/db/connection.js';
import { createTestDb } from '../server/test/database.js';
import { benchApp } from './support/app.js';
import { autocannon, type AutocannonResult } from './support/autocannon.js';
import { seeded, SONG_WORDS } from './support/seeded.js';
import { actValuesBlocking, venueValuesBlocking } from '../server/test/sanitize-blocking.js';
import { envNumber } from './support/env-number.js';

const VENUES = 300;
const ACTS = 600;
const HOSTS = 150;
const CONNECTIONS = 50;
const SECONDS = envNumber('BENCH_SECONDS', 10);
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;

const { random, pick, paragraphs } = seeded(2025, SONG_WORDS);

const STREETS = ['Maple', 'Oak', 'Elm', 'Birch', 'Cedar', 'Willow', 'Chestnut', 'Walnut', 'Spruce', 'Aspen'];
/** An act's bio as the editor writes it: formatted paragraphs, 200 to 1,200 characters of text. */
const bio = () => paragraphs(200 + Math.floor(random() * 1000));

/** Seeds the festival: every venue offers the four slots and hosts two acts; each act plays once. */
async function seedFestival(db: Db, mapSearchUrl: string): Promise<void> {
  const k = db.kysely;
  const at = new Date();
  const users = await k
    .insertInto('users')
    .values(
      Array.from({ length: HOSTS }, (_, i) => ({
        email: `bench${i}@bench.test`,
        name: `Bench Person ${i}`,
        password_hash: 'not-a-real-hash',
        is_host: true,
        is_performer: true,
        created_at: at,
        updated_at: at,
      })),
    )
    .returning('id')
    .execute();
  const userIds = users.map((u) => u.id);

  const actIds: number[] = [];
  for (let i = 0; i < ACTS; i += 200) {
    const rows = Array.from({ length: 200 }, (_, j) => ({
      ...actValuesBlocking({
        name: `Bench Act ${i + j}`,
        bio: bio(),
        type: pick(Genres.values),
        rain_date_available: true,
        preferred_slots: ['Slot 1'],
        size: 'one_to_three',
        sound_system: 'bring_own',
        venue_pref: null,
      }).values,
      creator_id: pick(userIds),
      created_at: at,
      updated_at: at,
    }));
    actIds.push(...(await k.insertInto('acts').values(rows).returning('id').execute()).map((r) => r.id));
  }

  const venueRows = Array.from({ length: VENUES }, (_, i) => ({
    ...venueValuesBlocking(mapSearchUrl, {
      address: `${i + 1} ${pick(STREETS)} Street`,
      bio: '<p>A porch.</p>',
      rain_date_available: true,
      preferred_act_types: ['folk'],
      size_pref: 'any',
      provide_electric: 'yes',
      provide_sound_system: 'no',
    }).values,
    creator_id: pick(userIds),
    created_at: at,
    updated_at: at,
  }));
  const venueIds = (await k.insertInto('venues').values(venueRows).returning('id').execute()).map((r) => r.id);
  // Venue v hosts acts 2v and 2v+1, act a in slot a % 4: two different slots per venue, each act once.
  const slots = venueIds.flatMap((venue_id, v) =>
    SLOT_DEFS.map((slot_def, s) => {
      const act = [2 * v, 2 * v + 1].find((a) => a % 4 === s);
      return { venue_id, slot_def, scheduled_act_id: act === undefined ? null : actIds[act]! };
    }),
  );
  await k.insertInto('venue_slots').values(slots).execute();
}

/** A plain node:http server answering every request with the given bytes and headers (or a bodiless 304). */
async function plainServer(
  body: Buffer | null,
  headers: Record<string, string>,
): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    if (body === null) res.writeHead(304, headers);
    else res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(body ?? undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A response body as sent, without decoding its content-encoding (fetch would decode it). */
function rawBody(
  url: string,
  headers: Record<string, string>,
): Promise<{ encoding: string | undefined; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ encoding: res.headers['content-encoding'], bytes: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The brotli bytes the app sends, once its background compression is done. */
async function brotliBody(url: string): Promise<Buffer> {
  for (let tries = 0; tries < 200; tries++) {
    const { encoding, bytes } = await rawBody(url, { 'accept-encoding': 'br' });
    if (encoding === 'br') return bytes;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('GET /v1/schedule never answered in brotli');
}

interface Row {
  name: string;
  result: AutocannonResult;
}

async function load(name: string, url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Row> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, headers });
  return { name, result };
}

const pad = (s: string, n: number) => s.padEnd(n);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function print(rows: Row[]): void {
  console.log(`\n${pad('run', 44)}${pad('req/s', 10)}${pad('p50', 8)}${pad('p99', 8)}${pad('MB/s', 9)}non-2xx/errors`);
  for (const { name, result: r } of rows) {
    const non2xx = r.non2xx - (r.statusCodeStats['304']?.count ?? 0);
    console.log(
      `${pad(name, 44)}${pad(r.requests.average.toFixed(0), 10)}${pad(`${r.latency.p50} ms`, 8)}${pad(`${r.latency.p99} ms`, 8)}` +
        `${pad((r.throughput.average / 1024 / 1024).toFixed(1), 9)}${non2xx}/${r.errors}`,
    );
  }
}

async function main(): Promise<void> {
  const festival = loadFestivalConfig('festival.config.json');
  const testDb = await createTestDb();
  const servers: Server[] = [];
  let app: Awaited<ReturnType<typeof benchApp>> | undefined;
  try {
    const seedStart = performance.now();
    await seedFestival(testDb.db, festival.map_search_url);
    console.log(
      `Seeded ${VENUES} venues, ${ACTS} acts on ${testDb.db.dialect} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    app = await benchApp(testDb.db, festival);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `${base}/v1/schedule`;

    // The first request renders and caches; time it, then fetch the bytes each encoding sends.
    const start = performance.now();
    const first = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const identity = Buffer.from(await first.arrayBuffer());
    const renderMs = performance.now() - start;
    const parsed = JSON.parse(identity.toString('utf8')) as { data: Array<Record<string, unknown>> };
    const cells = parsed.data.reduce(
      (n, e) => n + ['slot_1', 'slot_2', 'slot_3', 'slot_4'].filter((k) => e[k]).length,
      0,
    );
    const etag = first.headers.get('etag')!;
    // The plain server must send exactly the brotli bytes the app sends: read them undecoded.
    const br = await brotliBody(url);
    if (!brotliDecompressSync(br).equals(identity)) throw new Error('the brotli body is not the JSON body');
    // How the brotli quality trades size for time on this body (the cache compresses on each change).
    const qualities = [5, 7, 9, 11].map((quality) => {
      const at = performance.now();
      const bytes = brotliCompressSync(identity, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      }).length;
      return `q${quality} ${kb(bytes)} in ${(performance.now() - at).toFixed(0)} ms`;
    });

    console.log(
      `GET /v1/schedule: ${parsed.data.length} venues, ${cells} acts; ${kb(identity.length)} JSON, ${kb(br.length)} brotli`,
    );
    console.log(`First request (render, gzip, cache; brotli follows in the background): ${renderMs.toFixed(0)} ms`);
    console.log(`Brotli: ${qualities.join('; ')}`);

    const json = { 'content-type': 'application/json; charset=utf-8', etag, 'cache-control': 'public, no-cache' };
    const plain = await plainServer(identity, json);
    const plainBr = await plainServer(br, { ...json, 'content-encoding': 'br', vary: 'Accept-Encoding' });
    // The 304 pair measures what the per-request freshness check (one read of schedule_version)
    // and Fastify cost beside answering from memory.
    const plain304 = await plainServer(null, { etag, 'cache-control': 'public, no-cache' });
    servers.push(plain.server, plainBr.server, plain304.server);

    console.log(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per run, in a worker thread`);
    const rows: Row[] = [];
    // Warm both up so neither pays for JIT in its measured run.
    await load('warm-up', plain.url, {}, 1);
    await load('warm-up', url, {}, 1);
    rows.push(await load('plain node:http, same JSON bytes', plain.url));
    rows.push(await load('GET /v1/schedule, JSON', url));
    rows.push(await load('plain node:http, same brotli bytes', plainBr.url, { 'accept-encoding': 'br' }));
    rows.push(await load('GET /v1/schedule, brotli', url, { 'accept-encoding': 'gzip, deflate, br' }));
    rows.push(await load('plain node:http, 304', plain304.url, { 'if-none-match': etag }));
    rows.push(await load('GET /v1/schedule, If-None-Match (304)', url, { 'if-none-match': etag }));
    print(rows);

    const [plainJson, appJson, plainBrotli, appBrotli] = rows.map((r) => r.result) as [
      AutocannonResult,
      AutocannonResult,
      AutocannonResult,
      AutocannonResult,
    ];
    const checks = [
      [
        'JSON: rate vs plain server',
        appJson.requests.average / plainJson.requests.average,
        `>= ${TARGET_RATIO}`,
        appJson.requests.average >= TARGET_RATIO * plainJson.requests.average,
      ],
      ['JSON: p99', appJson.latency.p99, `< ${TARGET_P99_MS} ms`, appJson.latency.p99 < TARGET_P99_MS],
      [
        'brotli: rate vs plain server',
        appBrotli.requests.average / plainBrotli.requests.average,
        `>= ${TARGET_RATIO}`,
        appBrotli.requests.average >= TARGET_RATIO * plainBrotli.requests.average,
      ],
      ['brotli: p99', appBrotli.latency.p99, `< ${TARGET_P99_MS} ms`, appBrotli.latency.p99 < TARGET_P99_MS],
      [
        'no errors, no 5xx',
        appJson.errors + appJson.non2xx + appBrotli.errors + appBrotli.non2xx,
        '= 0',
        appJson.errors + appJson.non2xx + appBrotli.errors + appBrotli.non2xx === 0,
      ],
    ] as const;
    console.log('\nTargets:');
    for (const [name, value, target, ok] of checks) {
      console.log(
        `  ${pad(name, 30)}${pad(Number.isInteger(value) ? String(value) : value.toFixed(2), 10)}${pad(target, 12)}${ok ? 'MET' : 'MISSED'}`,
      );
    }
    process.exitCode = checks.every(([, , , ok]) => ok) ? 0 : 1;
  } finally {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await app?.close();
    await testDb.destroy();
  }
}

await main();
