/**
 * The venue list at festival scale: 10,000 venues, GET /v1/venues with a search and a filter
 * as the list screen sends it (a page of 100, include_total, newest first).
 *
 *   npx tsx bench/venues-list.ts                      # SQLite (the default engine)
 *   TEST_DATABASE_URL=postgres://… npx tsx bench/venues-list.ts   # a scratch PostgreSQL database
 *   npx tsx bench/venues-list.ts --sqlite-cache-mb=64  # SQLite with a larger page cache
 *
 * Prints the median and p95 latency of sequential requests (each after a catalogue change, so
 * built from the database; and as kept rendered between changes) and the size of a 100-item page
 * next to their targets, then an autocannon run for throughput. Stops by itself.
 */
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { Genres, SLOT_DEFS, type Genre, type SlotDef } from '../contract/enums.js';
import { loadFestivalConfig } from '../server/features/festival/load.js';
import type { Db } from '../server/db/connection.js';
import { createTestDb } from '../server/test/database.js';
import { benchApp } from './support/app.js';
import { autocannon } from './support/autocannon.js';
import { insertActs } from './support/insert-acts.js';
import { seeded } from './support/seeded.js';
import { venueValuesBlocking } from '../server/test/sanitize-blocking.js';

const VENUES = 10_000;
const ACTS = 2_000;
const HOSTS = 500;
const SEQUENTIAL_REQUESTS = 200;
const TARGET_MEDIAN_MS = 50;
const TARGET_PAGE_BYTES = 150 * 1024;
const CHUNK = 500;

const STREETS = [
  'Maple',
  'Oak',
  'Elm',
  'Birch',
  'Cedar',
  'Willow',
  'Chestnut',
  'Walnut',
  'Spruce',
  'Aspen',
  'Linden',
  'Poplar',
];
const WORDS = (
  'porch shade music neighbours lemonade garden steps front yard band acoustic friendly dogs kids ' +
  'street corner trees quiet lively benches chairs power outlet covered awning sunny brick stone ' +
  'wooden wide deep welcoming happy bring blankets parking nearby bus stop corner house blue green'
).split(' ');
const { random, pick, some, sentence } = seeded(42, WORDS);

/**
 * A bio like the editor writes: a heading, formatted paragraphs and a list. Lengths run from 100
 * to near the 1,500-character limit, most of them short (mean about 500): two other porch-festival
 * apps served about 450 bytes per venue or act in all (STACK-NOTES), so this errs long.
 */
function bio(): string {
  const target = 100 + Math.floor(1150 * random() ** 3);
  const parts = [`<h2>${sentence(3)}</h2>`];
  let length = 0;
  while (length + 40 < target) {
    const text = sentence(8 + Math.floor(random() * 10));
    length += text.length;
    parts.push(
      random() < 0.3
        ? `<p><strong style="color: rgb(230, 0, 0);">${text}</strong></p>`
        : `<p>${text} <em>${pick(WORDS)}</em></p>`,
    );
  }
  parts.push(`<ol><li data-list="bullet">${sentence(4)}</li><li data-list="bullet">${sentence(4)}</li></ol>`);
  return parts.join('');
}

/** Seeds the catalogue: exported for other benchmarks that need a festival-sized catalogue. */
export async function seedCatalogue(db: Db, mapSearchUrl: string): Promise<void> {
  const k = db.kysely;
  const now = Date.now();
  const hostIds: number[] = [];
  for (let i = 0; i < HOSTS; i += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, HOSTS - i) }, (_, j) => ({
      email: `host${i + j}@bench.test`,
      name: `Bench Host ${i + j}`,
      password_hash: 'not-a-real-hash',
      is_host: true,
      is_performer: true,
      created_at: new Date(now),
      updated_at: new Date(now),
    }));
    hostIds.push(...(await k.insertInto('users').values(rows).returning('id').execute()).map((r) => r.id));
  }

  const actIds: number[] = [];
  for (let i = 0; i < ACTS; i += CHUNK) {
    const inputs = Array.from({ length: Math.min(CHUNK, ACTS - i) }, (_, j) => ({
      input: {
        name: `Bench Act ${i + j}`,
        bio: bio(),
        type: pick(Genres.values),
        rain_date_available: random() < 0.5,
        preferred_slots: some(SLOT_DEFS, 3),
        size: pick(['one_to_three', 'four_plus'] as const),
        sound_system: 'bring_own' as const,
        venue_pref: null,
      },
      creator_id: pick(hostIds),
    }));
    const at = new Date(now);
    actIds.push(...(await insertActs(db, inputs, at)));
  }

  // One act per slot time at most: act n plays only in slot n % 4, and only once.
  let nextAct = 0;
  for (let i = 0; i < VENUES; i += CHUNK) {
    const inputs = Array.from({ length: Math.min(CHUNK, VENUES - i) }, (_, j) => {
      const n = i + j;
      const genres = some<Genre>(Genres.values, 3);
      const slots = some<SlotDef>(SLOT_DEFS, 4);
      return {
        input: {
          address: `${n + 1} ${pick(STREETS)} Street`,
          bio: bio(),
          rain_date_available: random() < 0.5,
          preferred_act_types: genres,
          size_pref: pick(['one_to_three', 'four_plus', 'any'] as const),
          provide_electric: pick(['yes', 'no'] as const),
          provide_sound_system: pick(['yes', 'no'] as const),
        },
        slots,
        creator_id: pick(hostIds),
        // Spread over the last weeks, so "newest first" has something to sort.
        at: new Date(now - n * 60_000),
      };
    });
    await k.transaction().execute(async (trx) => {
      const rows = inputs.map(({ input, creator_id, at }) => ({
        ...venueValuesBlocking(mapSearchUrl, input).values,
        creator_id,
        created_at: at,
        updated_at: at,
      }));
      const ids = await trx.insertInto('venues').values(rows).returning(['id', 'address']).execute();
      const idOf = new Map(ids.map((r) => [r.address, r.id]));
      const venueId = (n: number) => idOf.get(inputs[n]!.input.address)!;
      await trx
        .insertInto('venue_genres')
        .values(inputs.flatMap((v, n) => v.input.preferred_act_types.map((genre) => ({ venue_id: venueId(n), genre }))))
        .execute();
      await trx
        .insertInto('venue_slots')
        .values(
          inputs.flatMap((v, n) =>
            v.slots.map((slot_def) => {
              const candidate = actIds[nextAct];
              const schedule = candidate !== undefined && random() < 0.1 && SLOT_DEFS[nextAct % 4] === slot_def;
              if (schedule) nextAct += 1;
              return { venue_id: venueId(n), slot_def, scheduled_act_id: schedule ? candidate : null };
            }),
          ),
        )
        .execute();
    });
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const pad = (s: string, n: number) => s.padEnd(n);

/** --sqlite-cache-mb=N: run with a larger SQLite page cache than the app's default, to compare. */
const cacheArg = process.argv.find((a) => a.startsWith('--sqlite-cache-mb='));
const SQLITE_CACHE_MB = cacheArg ? Number(cacheArg.split('=')[1]) : undefined;

async function main(): Promise<void> {
  const festival = loadFestivalConfig('festival.config.json');
  const testDb = await createTestDb();
  const engine = testDb.db.dialect;
  if (SQLITE_CACHE_MB && engine === 'sqlite') {
    // One better-sqlite3 connection serves the whole app, so this applies to every request.
    await sql.raw(`PRAGMA cache_size = -${Math.round(SQLITE_CACHE_MB * 1024)}`).execute(testDb.db.kysely);
  }
  let app: Awaited<ReturnType<typeof benchApp>> | undefined;
  try {
    const seedStart = performance.now();
    await seedCatalogue(testDb.db, festival.map_search_url);
    console.log(
      `Seeded ${VENUES} venues, ${ACTS} acts, ${HOSTS} hosts on ${engine} in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const sizes = await testDb.db.kysely
      .selectFrom('venues')
      .select((eb) => [
        eb.fn.avg<number>(eb.fn('length', ['bio'])).as('bio'),
        eb.fn.max<number>(eb.fn('length', ['bio'])).as('max'),
      ])
      .executeTakeFirstOrThrow();
    console.log(`Venue bios: ${Math.round(Number(sizes.bio))} characters of HTML on average, ${sizes.max} at most`);
    if (SQLITE_CACHE_MB && engine === 'sqlite')
      console.log(`SQLite page cache: ${SQLITE_CACHE_MB} MB (the app's default is SQLite's 2 MB)`);

    app = await benchApp(testDb.db, festival);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const page = 'offset=0&limit=100&include_total=true&order_by=-updated_time';
    const scenarios: Array<[string, string]> = [
      ['search + genre filter', `/v1/venues?${page}&search=shade&s_preferred_act_types__ilike=jazz`],
      [
        'search + slot filter',
        `/v1/venues?${page}&search=maple&available_slots__slot_def=Slot%202&available_slots__available_to_schedule=true`,
      ],
      ['no search, first page', `/v1/venues?${page}`],
      ['rare search (scans all)', `/v1/venues?${page}&search=no-such-words-anywhere`],
    ];

    // The lists are kept rendered until the catalogue changes (server/lib/list-cache.ts). The
    // query path is what the target is about, so each request of the first pass follows a change
    // (the version bumped, as any write would); the second pass shows the kept page.
    const { kysely } = testDb.db;
    const change = () =>
      kysely
        .updateTable('catalogue_version')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', 1)
        .execute();
    const timed = async (path: string, changed: boolean) => {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
        if (changed) await change();
        const start = performance.now();
        const res = await fetch(base + path);
        body = await res.text();
        times.push(performance.now() - start);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${body.slice(0, 200)}`);
      }
      return { times: times.sort((a, b) => a - b), body };
    };

    console.log(`\n${SEQUENTIAL_REQUESTS} sequential requests each, after 20 warm-up requests:`);
    console.log('  after a change: the catalogue changed before each request, so the page is built from the database');
    console.log('  kept: the page as kept rendered between changes');
    console.log(
      `${pad('scenario', 26)}${pad('items', 7)}${pad('total', 7)}${pad('after a change: median', 24)}${pad('p95', 10)}${pad('kept: median', 14)}${pad('page bytes', 12)}gzip bytes`,
    );
    const results: Array<{ name: string; median: number; bytes: number; items: number }> = [];
    for (const [name, path] of scenarios) {
      for (let i = 0; i < 20; i++) await (await fetch(base + path)).arrayBuffer();
      const cold = await timed(path, true);
      const kept = await timed(path, false);
      const parsed = JSON.parse(cold.body) as { data: unknown[]; total: number };
      const bytes = Buffer.byteLength(cold.body);
      const median = percentile(cold.times, 50);
      results.push({ name, median, bytes, items: parsed.data.length });
      console.log(
        `${pad(name, 26)}${pad(String(parsed.data.length), 7)}${pad(String(parsed.total), 7)}${pad(`${median.toFixed(1)} ms`, 24)}${pad(`${percentile(cold.times, 95).toFixed(1)} ms`, 10)}${pad(`${percentile(kept.times, 50).toFixed(1)} ms`, 14)}${pad(String(bytes), 12)}${gzipSync(cold.body).length}`,
      );
    }

    const headline = results[0]!;
    const pageOf100 = results.find((r) => r.items === 100) ?? headline;
    const medianOk = headline.median < TARGET_MEDIAN_MS;
    const sizeOk = pageOf100.bytes < TARGET_PAGE_BYTES;
    console.log('\nTargets:');
    console.log(
      `  median after a change, ${headline.name}: ${headline.median.toFixed(1)} ms   target < ${TARGET_MEDIAN_MS} ms   ${medianOk ? 'MET' : 'MISSED'}`,
    );
    console.log(
      `  page of ${pageOf100.items} items (${pageOf100.name}): ${(pageOf100.bytes / 1024).toFixed(1)} KB   target < ${TARGET_PAGE_BYTES / 1024} KB   ${sizeOk ? 'MET' : 'MISSED'}`,
    );

    const run = await autocannon({ url: base + scenarios[0]![1], connections: 10, duration: 5 });
    console.log(
      `\nautocannon, ${headline.name}, 10 connections for 5 s: ${run.requests.average.toFixed(0)} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors`,
    );
    process.exitCode = medianOk && sizeOk ? 0 : 1;
  } finally {
    await app?.close();
    await testDb.destroy();
  }
}

// Run when started as a script, not when imported for its seed.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
