import { Agent } from 'node:http';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppProcess } from './support/app-process.js';
import { faultsEngine } from './support/blank-db.js';
import { requestJson, type JsonResponse } from './support/http.js';
import { useBlankDb } from './support/use-blank-db.js';

/**
 * A locked or stalled database never freezes the app (docs/decisions/0032-locked-database.md):
 * while another process holds the write lock (SQLite: `BEGIN IMMEDIATE` in a second connection;
 * PostgreSQL: `LOCK TABLE venues IN ACCESS EXCLUSIVE MODE`), a route that needs no database
 * answers within 200 ms, writes answer 503 with Retry-After within 2 s, and the outbox worker
 * backs off and delivers once the lock goes. While writes keep meeting the lock, a read
 * (GET /v1/festival) answers within 500 ms (docs/decisions/0053-reads-beside-a-locked-sqlite-file.md).
 */
const HOLD_MS = 6_000;
const WRITES = 3;
/** The second test: how long the lock is held while WRITERS clients keep writing. */
const STREAM_MS = 6_000;
const WRITERS = 3;
const PASSWORD = 'Locked-Db-pass1';

const faults = useBlankDb();
let app: AppProcess;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

async function timed(path: string, method = 'GET', body?: unknown, token?: string) {
  const started = performance.now();
  const res: JsonResponse = await requestJson(agent, app.baseUrl, method, path, {
    body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { res, ms: Math.round(performance.now() - started) };
}

/** Holds the database's write lock from another connection until release() is called. */
async function holdWriteLock(): Promise<{ release(): Promise<void> }> {
  const { options } = faults.blank;
  if ('databasePath' in options) {
    const other = new SQLite(options.databasePath);
    other.exec('BEGIN IMMEDIATE');
    return {
      release: async () => {
        other.exec('ROLLBACK');
        other.close();
      },
    };
  }
  const other = new pg.Client({ connectionString: options.databaseUrl });
  await other.connect();
  await other.query('BEGIN');
  await other.query('LOCK TABLE venues, outbox IN ACCESS EXCLUSIVE MODE');
  return {
    release: async () => {
      await other.query('ROLLBACK');
      await other.end();
    },
  };
}

const venue = (n: number) => ({
  address: `${n} Locked Lane`,
  bio: '<p>A porch while the database is locked</p>',
  rain_date_available: true,
  preferred_act_types: ['folk'],
  available_slots: [{ slot_def: 'Slot 1' }],
  size_pref: 'any',
  provide_electric: 'yes',
  provide_sound_system: 'no',
});

describe(`a locked database (${faultsEngine})`, () => {
  beforeAll(async () => {
    app = await faults.start();
  });
  afterAll(() => agent.destroy());

  it('keeps answering routes that need no database, answers writes 503 with Retry-After, and recovers', async () => {
    const signup = await requestJson(agent, app.baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Locked Host', email: 'locked-host@example.test', password: PASSWORD, roles: ['host'] },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const token = (signup.body as { jwt_token: string }).jwt_token;
    // A mail that falls due while the lock is held: the worker must wait, not spin, and send it after.
    const due = new Date(Date.now() + 1_000);
    await faults.db.kysely
      .insertInto('outbox')
      .values({
        to_address: 'someone@example.test',
        subject: 'Due while locked',
        text_body: 'Sent once the lock is gone.',
        next_attempt_at: due,
        created_at: new Date(),
      })
      .execute();
    // Warm: the first answer of a route (reading the file, compiling) is not what is measured.
    await timed('/favicon.svg');
    await timed('/v1/festival');
    const unlocked = await timed('/v1/venues', 'POST', venue(0), token);
    expect(unlocked.res.status).toBe(201);
    const outputBefore = app.output().length;

    const lock = await holdWriteLock();
    const lockedAt = performance.now();
    const writes = Promise.all(
      Array.from({ length: WRITES }, async (_, i) => {
        await new Promise((r) => setTimeout(r, 50 * i));
        return timed('/v1/venues', 'POST', venue(i + 1), token);
      }),
    );
    const staticTimes: number[] = [];
    const festivalTimes: number[] = [];
    while (performance.now() - lockedAt < HOLD_MS) {
      staticTimes.push((await timed('/favicon.svg')).ms);
      const festival = await timed('/v1/festival');
      expect(festival.res.status).toBe(200);
      festivalTimes.push(festival.ms);
      await new Promise((r) => setTimeout(r, 100));
    }
    const holdLog = app.output().slice(outputBefore);
    await lock.release();
    const releasedAt = performance.now();
    // Awaited after the release: a write that waits for the lock without limit then still ends.
    const written = await writes;

    const worst = (list: number[]) => Math.max(...list);
    const percentile = (list: number[], p: number) =>
      [...list].sort((x, y) => x - y)[Math.min(list.length - 1, Math.floor(list.length * p))]!;
    const outboxWarnings = holdLog.split('\n').filter((line) => /outbox/i.test(line)).length;
    console.log(
      `[locked database, ${faultsEngine}] a write before the lock: ${unlocked.res.status} in ${unlocked.ms} ms; ` +
        `held ${HOLD_MS} ms: GET /favicon.svg (no database) worst ${worst(staticTimes)} ms, median ` +
        `${percentile(staticTimes, 0.5)} ms, 90th percentile ${percentile(staticTimes, 0.9)} ms of ${staticTimes.length}; GET /v1/festival (a read) worst ${worst(festivalTimes)} ms; ` +
        `${WRITES} writes: ${written.map((w) => `${w.res.status} in ${w.ms} ms (Retry-After ${String(w.res.headers['retry-after'])})`).join(', ')}; ` +
        `outbox log lines while held: ${outboxWarnings}`,
    );

    // The typical answer within 200 ms, and none held anywhere near a lock wait (the old 5 s busy
    // wait on the event loop made the worst 26 s). On a 2-core machine shared with other work, a
    // few answers are late for reasons of their own (the 90th percentile, printed, reached 213 ms
    // at a load average of 17 with no wait on the event loop at all).
    expect(percentile(staticTimes, 0.5)).toBeLessThan(200);
    expect(worst(staticTimes)).toBeLessThan(1_000);
    for (const w of written) {
      expect(w.res.status, JSON.stringify(w.res.body)).toBe(503);
      expect(w.res.body).toMatchObject({ code: 'service_unavailable' });
      expect(Number(w.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(w.ms).toBeLessThan(2_000);
    }
    // Backing off: a handful of tries in the hold, not one every poll.
    expect(outboxWarnings).toBeLessThanOrEqual(4);

    // Once the lock goes, writes succeed and the worker delivers what fell due meanwhile.
    const after = await timed('/v1/venues', 'POST', venue(99), token);
    expect(after.res.status, JSON.stringify(after.res.body)).toBe(201);
    let sentAfterMs = -1;
    while (performance.now() - releasedAt < 60_000) {
      const row = await faults.db.kysely
        .selectFrom('outbox')
        .select('status')
        .where('subject', '=', 'Due while locked')
        .executeTakeFirstOrThrow();
      if (row.status === 'sent') {
        sentAfterMs = Math.round(performance.now() - releasedAt);
        break;
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    console.log(
      `[locked database, ${faultsEngine}] after release: write ${after.res.status} in ${after.ms} ms; ` +
        `mail due while locked sent ${sentAfterMs} ms after release`,
    );
    expect(sentAfterMs).toBeGreaterThanOrEqual(0);
  });

  it('answers reads within 500 ms while writes keep meeting the lock (issue 27, item 10)', async () => {
    // A backup or a second writer holds the file while hosts keep saving: WRITERS clients each send
    // one write after another for the whole hold, so a write is nearly always waiting for the lock.
    // GET /v1/festival (a read of the settings row) must not queue behind them.
    const signup = await requestJson(agent, app.baseUrl, 'POST', '/v1/auth/signup', {
      body: { name: 'Locked Writer', email: 'locked-writer@example.test', password: PASSWORD, roles: ['host'] },
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(201);
    const token = (signup.body as { jwt_token: string }).jwt_token;
    await timed('/v1/festival');

    const lock = await holdWriteLock();
    const lockedAt = performance.now();
    const writes: Array<{ res: JsonResponse; ms: number }> = [];
    const writers = Array.from({ length: WRITERS }, async (_, w) => {
      await new Promise((r) => setTimeout(r, 70 * w));
      // The last writes start well before the release, so every one of them meets the lock.
      for (let n = 0; performance.now() - lockedAt < STREAM_MS - 2_000; n++) {
        writes.push(await timed('/v1/venues', 'POST', venue(1_000 + 100 * w + n), token));
      }
    });
    const festivalTimes: number[] = [];
    while (performance.now() - lockedAt < STREAM_MS) {
      const festival = await timed('/v1/festival');
      expect(festival.res.status).toBe(200);
      festivalTimes.push(festival.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(writers);
    await lock.release();

    const sorted = [...festivalTimes].sort((x, y) => x - y);
    const writeMs = writes.map((w) => w.ms).sort((x, y) => x - y);
    console.log(
      `[locked database, ${faultsEngine}] held ${STREAM_MS} ms with ${WRITERS} clients writing one after another: ` +
        `${writes.length} writes (${writes.filter((w) => w.res.status === 503).length} answered 503; ` +
        `median ${writeMs[Math.floor(writeMs.length / 2)]} ms, worst ${writeMs.at(-1)} ms); GET /v1/festival ` +
        `${festivalTimes.length} answers, median ${sorted[Math.floor(sorted.length / 2)]} ms, ` +
        `90th percentile ${sorted[Math.floor(sorted.length * 0.9)]} ms, worst ${sorted.at(-1)} ms`,
    );
    expect(sorted.at(-1)).toBeLessThan(500);
    expect(writes.length).toBeGreaterThanOrEqual(WRITERS);
    for (const w of writes) {
      expect(w.res.status, JSON.stringify(w.res.body)).toBe(503);
      expect(Number(w.res.headers['retry-after'])).toBeGreaterThan(0);
      expect(w.ms).toBeLessThan(2_000);
    }
  });
});
