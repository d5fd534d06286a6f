import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  rmSync,
  statfsSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import { buildHost, DEFAULT_PASSWORD, type BuiltUser } from '../test/builders.js';
import { venueBody } from '../test/catalogue-builders.js';
import { testEngine } from '../test/database.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { openDb, type Db } from './connection.js';
import { migrate } from './migrate.js';

/**
 * A full disk (issue 27, item 8): every write is answered 503 with Retry-After (not a 500 with a
 * stack trace per request), the cause is logged once, and reads go on; once space is freed, writes
 * work again. On each engine for real, on a tmpfs filled to the last byte: SQLite's SQLITE_FULL
 * with its database file there, PostgreSQL's disk_full (53100) with the test's database in a
 * tablespace there. Mounting needs root, as CI has; elsewhere the test says why it is skipped.
 */

interface LoggedApp {
  app: FastifyInstance;
  /** The log lines written so far, parsed. */
  lines: Array<Record<string, unknown>>;
}

async function appWithLog(db: Db): Promise<LoggedApp> {
  const lines: Array<Record<string, unknown>> = [];
  const app = await buildApp({
    db,
    festival: loadFestivalConfig('festival.config.json'),
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://porchfest.test',
    logger: {
      level: 'info',
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    },
    webRoot: '/nonexistent',
  });
  return { app, lines };
}

/** Lines at warn (40) or above, but not the request log. */
const problems = (lines: Array<Record<string, unknown>>) => lines.filter((l) => Number(l.level) >= 40);

/** Why a tmpfs cannot be mounted here, or null when it can. */
function cannotMountTmpfs(): string | null {
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const probe = mkdtempSync(join(tmpdir(), 'porchfest-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount -t tmpfs failed: ${(err as Error).message}`;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

async function asAdmin<T extends pg.QueryResultRow>(statement: string): Promise<pg.QueryResult<T>> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    return await admin.query<T>(statement);
  } finally {
    await admin.end();
  }
}

/**
 * PostgreSQL's data directory, when the server under test runs on this machine (a tablespace on a
 * tmpfs mounted here is then one it writes to), else why not.
 */
async function localPostgresDataDir(): Promise<{ dataDir: string } | { reason: string }> {
  const { rows } = await asAdmin<{ data_directory: string }>('SHOW data_directory');
  const dataDir = rows[0]!.data_directory;
  if (!existsSync(dataDir)) {
    return { reason: `the PostgreSQL server's data directory (${dataDir}) is not on this machine` };
  }
  return { dataDir };
}

const sqliteSkipReason = testEngine !== 'sqlite' ? 'runs on SQLite only' : cannotMountTmpfs();
if (sqliteSkipReason) {
  console.log(`[disk full] the SQLite test on a real full disk is skipped: ${sqliteSkipReason}`);
}

let postgresDataDir = '';
const postgresSkipReason = await (async () => {
  if (testEngine !== 'postgres') return 'runs on PostgreSQL only (TEST_DATABASE_URL is not set)';
  const mountReason = cannotMountTmpfs();
  if (mountReason) return mountReason;
  const local = await localPostgresDataDir();
  if ('reason' in local) return local.reason;
  postgresDataDir = local.dataDir;
  return null;
})();
if (postgresSkipReason) {
  console.log(`[disk full] the PostgreSQL test on a real full disk is skipped: ${postgresSkipReason}`);
}

const HOST_EMAIL = 'full-disk-host@example.test';

/**
 * The writes made while the disk is full: a sign-up, a sign-in (it counts the attempt in
 * rate_limits) and three venues at once. The sign-up's name and e-mail are longer than the host's,
 * so its row is larger than any row already in users (see the PostgreSQL case).
 */
async function writes(app: FastifyInstance, host: BuiltUser): Promise<LightMyRequestResponse[]> {
  return [
    await app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: {
        name: 'A New Host Who Signed Up While The Disk Was Full',
        email: 'a-new-host-who-signed-up-while-the-disk-was-full@example.test',
        password: DEFAULT_PASSWORD,
        roles: ['host'],
      },
    }),
    await app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { email: HOST_EMAIL, password: DEFAULT_PASSWORD },
    }),
    ...(await Promise.all(
      [1, 2, 3].map((n) =>
        app.inject({
          method: 'POST',
          url: '/v1/venues',
          headers: host.auth,
          payload: venueBody({ address: `${n} Full Street` }),
        }),
      ),
    )),
  ];
}

async function reads(app: FastifyInstance, host: BuiltUser): Promise<LightMyRequestResponse[]> {
  return [
    await app.inject({ method: 'GET', url: '/v1/festival' }),
    await app.inject({ method: 'GET', url: '/v1/venues' }),
    await app.inject({ method: 'GET', url: '/v1/schedule' }),
    await app.inject({ method: 'GET', url: `/v1/auth/user/${host.user.id}/resources` }),
  ];
}

/**
 * While the disk is full: every write 503 with Retry-After and the app's error shape, every read
 * 200, and the cause logged once, as an error with the engine's code and no stack.
 */
async function expectWritesRefusedReadsServed(
  engine: string,
  logged: LoggedApp,
  host: BuiltUser,
  code: string,
  setting: string,
): Promise<Record<string, unknown>> {
  const { app, lines } = logged;
  const linesBefore = lines.length;
  const written = await writes(app, host);
  const read = await reads(app, host);
  const warned = problems(lines.slice(linesBefore));
  console.log(
    `[disk full, ${engine}] ${setting}: writes ${written.map((w) => `${w.statusCode} (Retry-After ${String(w.headers['retry-after'])})`).join(', ')}; ` +
      `reads ${read.map((r) => r.statusCode).join(', ')}; log lines at warn or above: ${warned.length}: ` +
      warned.map((l) => JSON.stringify({ level: l.level, msg: l.msg, code: l.code, cause: l.cause })).join(' '),
  );

  for (const w of written) {
    expect(w.statusCode, w.body).toBe(503);
    expect(Number(w.headers['retry-after'])).toBeGreaterThan(0);
    const body = w.json<{ code?: unknown; error?: unknown; message?: unknown }>();
    expect(body.code).toBe('service_unavailable');
    expect(typeof body.error, w.body).toBe('string');
    expect(body.message).toBe(body.error);
    expect(w.body).not.toMatch(/SQLITE|could not extend|No space|stack|at /);
  }
  for (const r of read) expect(r.statusCode, r.body).toBe(200);
  // The cause once, as an error naming what to do; no stack, no line per request.
  expect(warned, JSON.stringify(warned)).toHaveLength(1);
  expect(warned[0]).toMatchObject({ level: 50, code });
  expect(String(warned[0]!.msg)).toMatch(/full/i);
  expect(JSON.stringify(warned[0])).not.toMatch(/"stack"/);
  return warned[0]!;
}

/** Space freed: writes work again, without a restart. */
async function expectWritesWork(app: FastifyInstance, host: BuiltUser): Promise<void> {
  const venue = await app.inject({
    method: 'POST',
    url: '/v1/venues',
    headers: host.auth,
    payload: venueBody({ address: '9 Freed Street' }),
  });
  expect(venue.statusCode, venue.body).toBe(201);
  const signin = await app.inject({
    method: 'POST',
    url: '/v1/auth/signin',
    payload: { email: HOST_EMAIL, password: DEFAULT_PASSWORD },
  });
  expect(signin.statusCode, signin.body).toBe(200);
}

describe.skipIf(sqliteSkipReason !== null)('a full disk under SQLite (a real tmpfs filled up)', () => {
  let dir: string;
  let db: Db;
  let logged: LoggedApp;
  let host: BuiltUser;
  const filler = () => join(dir, 'filler');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'porchfest-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]);
    db = openDb({ databasePath: join(dir, 'porchfest.sqlite') });
    await migrate(db);
    logged = await appWithLog(db);
    await logged.app.ready();
    host = await buildHost(logged.app, { email: HOST_EMAIL });
  });

  afterAll(async () => {
    await logged?.app.close();
    await db?.close();
    if (dir) {
      execFileSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** Writes a file until the file system refuses another byte. */
  function fillTheDisk(): number {
    const fd = openSync(filler(), 'w');
    let written = 0;
    try {
      for (const size of [1 << 20, 1 << 16, 1 << 12, 1 << 8, 1]) {
        const chunk = Buffer.alloc(size, 0x61);
        for (;;) {
          try {
            written += writeSync(fd, chunk);
          } catch (err) {
            if ((err as { code?: string }).code !== 'ENOSPC') throw err;
            break;
          }
        }
      }
    } finally {
      closeSync(fd);
    }
    return written;
  }

  it('answers every write 503 with Retry-After, logs the cause once, keeps reads going, and recovers', async () => {
    const { app } = logged;
    const before = await app.inject({ method: 'POST', url: '/v1/venues', headers: host.auth, payload: venueBody() });
    expect(before.statusCode, before.body).toBe(201);
    // Every committed page into the database file and the write-ahead log emptied, so the next
    // write must grow a file: as on a disk that filled up since the last checkpoint.
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db.kysely);
    const filled = fillTheDisk();

    await expectWritesRefusedReadsServed('sqlite', logged, host, 'SQLITE_FULL', `tmpfs filled with ${filled} bytes`);

    unlinkSync(filler());
    await expectWritesWork(app, host);
  });
});

describe.skipIf(postgresSkipReason !== null)(
  'a full disk under PostgreSQL (the database in a tablespace on a real tmpfs, filled up)',
  () => {
    // Tablespaces belong to the whole server, and the api project runs its files side by side in
    // one pool: names of this run's own.
    const suffix = randomBytes(6).toString('hex');
    const tablespace = `pf_full_${suffix}`;
    const database = `pf_diskfull_${suffix}`;
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://unset');
    databaseUrl.pathname = `/${database}`;

    let dir: string | undefined;
    let mounted = false;
    let tablespaceMade = false;
    let databaseMade = false;
    let db: Db | undefined;
    let logged: LoggedApp | undefined;
    let host: BuiltUser;
    /** A session of the test's own on the database: fills it, drops the filler. */
    let filling: pg.Client | undefined;
    /** A session that holds a snapshot open (see usePageRoom). */
    let holder: pg.Client | undefined;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'porchfest-pg-full-'));
      // Owned by the user PostgreSQL runs as (its data directory's owner), as a tablespace must be.
      const { uid, gid } = statSync(postgresDataDir);
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=24m,mode=0700,uid=${uid},gid=${gid}`, 'tmpfs', dir]);
      mounted = true;
      await asAdmin(`CREATE TABLESPACE ${tablespace} LOCATION ${pg.escapeLiteral(dir)}`);
      tablespaceMade = true;
      // Everything of the database on the tmpfs: its tables, indexes, TOAST and catalogues. Only
      // the write-ahead log stays on the server's own disk.
      await asAdmin(`CREATE DATABASE ${database} TABLESPACE ${tablespace}`);
      databaseMade = true;
      db = openDb({ databaseUrl: databaseUrl.toString() });
      await migrate(db);
      logged = await appWithLog(db);
      await logged.app.ready();
      host = await buildHost(logged.app, { email: HOST_EMAIL });
      filling = new pg.Client({ connectionString: databaseUrl.toString() });
      await filling.connect();
    });

    afterAll(async () => {
      // Every step tried, whatever failed before it; the failures reported together at the end.
      const failures: unknown[] = [];
      const step = async (run: () => unknown) => {
        try {
          await run();
        } catch (err) {
          failures.push(err);
        }
      };
      await step(() => holder?.end());
      await step(() => filling?.end());
      await step(() => logged?.app.close());
      await step(() => db?.close());
      if (databaseMade) await step(() => asAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      if (tablespaceMade) await step(() => asAdmin(`DROP TABLESPACE IF EXISTS ${tablespace}`));
      if (mounted && dir) {
        const at = dir;
        await step(() => {
          try {
            execFileSync('umount', [at], { stdio: 'pipe' });
          } catch (err) {
            // Still busy: detached now, freed when the last file on it is closed.
            execFileSync('umount', ['-l', at], { stdio: 'pipe' });
            throw err;
          }
        });
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
      if (failures.length > 0) throw new AggregateError(failures, 'cleaning up the full-disk PostgreSQL test failed');
    });

    const isDiskFull = (err: unknown) => (err as { code?: unknown }).code === '53100';

    /**
     * Inserts into a filler table, in ever smaller batches, until PostgreSQL cannot extend its
     * file; returns the last error it gave.
     */
    async function fillTheTablespace(client: pg.Client): Promise<pg.DatabaseError> {
      // Unlogged: its rows need no write-ahead log (which is on the server's own disk), so it fills
      // the tablespace quickly.
      await client.query('CREATE UNLOGGED TABLE disk_filler (pad text)');
      let last: pg.DatabaseError | undefined;
      // Rows of 960 bytes: under the size at which PostgreSQL compresses or moves a value out of line.
      for (const rows of [1000, 100, 10, 1]) {
        for (;;) {
          try {
            await client.query(
              `INSERT INTO disk_filler SELECT repeat(md5(g::text), 30) FROM generate_series(1, ${rows}) g`,
            );
          } catch (err) {
            if (!isDiskFull(err)) throw err;
            last = err as pg.DatabaseError;
            break;
          }
        }
      }
      return last!;
    }

    /**
     * PostgreSQL, unlike SQLite, refuses a write only when a file must grow: a row that fits in a
     * page with room is written even on a full disk. As the SQLite case checkpoints so that the
     * next write must grow a file, this uses up the room in the pages of every table that has rows:
     * its smallest row is rewritten as it is, one committed statement at a time, until the table
     * would have to grow (53100). The replaced versions take the room because a session holds a
     * snapshot open (as a long report or a dump does), so PostgreSQL may not prune them. Triggers
     * and foreign-key checks are off for it (session_replication_role = replica): nothing changes.
     * Returns the rewrites per table.
     */
    async function usePageRoom(client: pg.Client): Promise<Record<string, number>> {
      holder = new pg.Client({ connectionString: databaseUrl.toString() });
      await holder.connect();
      await holder.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      await holder.query('SELECT 1');
      await client.query('SET session_replication_role = replica');
      // Each rewrite commits on its own: without waiting for the log to reach the disk, as nothing
      // here need survive a crash.
      await client.query('SET synchronous_commit = off');
      const { rows: tables } = await client.query<{ name: string; column_name: string }>(`
        SELECT c.relname AS name,
          (SELECT a.attname FROM pg_attribute a
            WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
              AND a.attidentity = '' AND a.attgenerated = ''
            ORDER BY a.attnum LIMIT 1) AS column_name
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'disk_filler'
        ORDER BY c.relname`);
      const rewrites: Record<string, number> = {};
      for (const { name, column_name: column } of tables) {
        const table = client.escapeIdentifier(name);
        const col = client.escapeIdentifier(column);
        const { rows } = await client.query(`SELECT 1 FROM ${table} LIMIT 1`);
        if (rows.length === 0) continue; // No page yet: its first row must grow the file.
        let n = 0;
        for (;;) {
          try {
            await client.query(
              `UPDATE ${table} SET ${col} = ${col}
               WHERE ctid = (SELECT ctid FROM ${table} t ORDER BY pg_column_size(t.*) LIMIT 1)`,
            );
          } catch (err) {
            if (!isDiskFull(err)) throw err;
            break;
          }
          n += 1;
          if (n > 20_000) throw new Error(`${name}: its pages never filled (is something pruning them?)`);
        }
        rewrites[name] = n;
      }
      await client.query('RESET session_replication_role');
      await client.query('RESET synchronous_commit');
      return rewrites;
    }

    it('answers every write 503 with Retry-After, logs the cause once, keeps reads going, and recovers', async () => {
      const { app } = logged!;
      const client = filling!;
      const before = await app.inject({
        method: 'POST',
        url: '/v1/venues',
        headers: host.auth,
        payload: venueBody(),
      });
      expect(before.statusCode, before.body).toBe(201);
      const sizeBefore = statfsSync(dir!);
      const filledError = await fillTheTablespace(client);
      const rewrites = await usePageRoom(client);
      const free = statfsSync(dir!);
      console.log(
        `[disk full, postgres] filling the ${(sizeBefore.blocks * sizeBefore.bsize) >> 20} MB tmpfs ` +
          `(${(sizeBefore.bavail * sizeBefore.bsize) >> 10} KB free) ended with ${filledError.code} ` +
          `${JSON.stringify(filledError.message)} (hint ${JSON.stringify(filledError.hint)}, at ${filledError.routine}); ` +
          `${free.bavail * free.bsize} bytes left; rows rewritten to fill the pages: ${JSON.stringify(rewrites)}`,
      );
      expect(filledError.message).toMatch(/^could not extend file ".+": No space left on device$/);
      // Not one page of PostgreSQL's (8 KB) left.
      expect(free.bavail * free.bsize).toBeLessThan(8192);

      const logged53100 = await expectWritesRefusedReadsServed(
        'postgres',
        logged!,
        host,
        '53100',
        `tablespace ${tablespace} full`,
      );
      expect(String(logged53100.cause)).toMatch(/could not extend file .*No space left on device/);

      // Space freed: PostgreSQL truncates a dropped table's file at once.
      await client.query('DROP TABLE disk_filler');
      expect(statfsSync(dir!).bavail).toBeGreaterThan(0);
      await expectWritesWork(app, host);
    });
  },
);
