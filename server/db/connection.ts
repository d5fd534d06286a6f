import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  sql,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';
import { explainSqliteOpenFailure } from './open-failure.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * The schedule's version (migration 0004), as committed: the one read every GET /v1/schedule
   * makes (docs/decisions/0007-public-schedule.md), so it skips the query builder
   * (docs/decisions/0017-festival-scale-measures.md).
   */
  readScheduleVersion(): Promise<number>;
  /**
   * The three counters every public answer is drawn from (migrations 0004, 0005, 0014), as
   * committed, in one statement: how a kept page is known to be current without reading what it
   * shows (server/lib/kept-answers.ts).
   */
  readVersions(): Promise<Versions>;
  /**
   * The same read, at once, where the engine reads without waiting (a SQLite file's own read-only
   * connection); undefined on PostgreSQL. The front lane of the kept answers uses it to answer a
   * turn's requests without a promise each.
   */
  readVersionsNow?: () => Versions;
  close(): Promise<void>;
}

/** The schedule's, the catalogue's and the announcements' versions. */
export interface Versions {
  schedule: number;
  catalogue: number;
  announcements: number;
}

const SCHEDULE_VERSION_SQL = 'SELECT version FROM schedule_version WHERE id = 1';
const VERSIONS_SQL =
  'SELECT s.version AS schedule, c.version AS catalogue, a.version AS announcements ' +
  'FROM schedule_version s, catalogue_version c, announcements_version a WHERE s.id = 1 AND c.id = 1 AND a.id = 1';

/** The row of VERSIONS_SQL as numbers (PostgreSQL sends BIGINT as text unless parsed). */
function versionsOf(row: Record<string, unknown> | undefined): Versions {
  if (!row) throw new Error('A version row is missing');
  return { schedule: Number(row.schedule), catalogue: Number(row.catalogue), announcements: Number(row.announcements) };
}

export type DbOptions = { databaseUrl: string } | { databasePath: string };

/**
 * How long a query may wait on the database before it fails with an error that becomes a 503
 * with Retry-After (server/db/availability.ts), so a locked or stalled database never holds a
 * request, or the event loop, for long (docs/decisions/0032-locked-database.md). Set through
 * DB_LOCK_WAIT_MS, DB_STATEMENT_TIMEOUT_MS and DB_ACQUIRE_TIMEOUT_MS (server/env.ts).
 */
export interface DbLimits {
  /** SQLite: the total wait for another process's write lock; PostgreSQL: lock_timeout. */
  lockWaitMs: number;
  /** PostgreSQL: statement_timeout, the longest any one statement may run. */
  statementTimeoutMs: number;
  /** PostgreSQL: the longest wait for a connection from the pool. */
  acquireTimeoutMs: number;
}

export const defaultDbLimits: DbLimits = { lockWaitMs: 1_000, statementTimeoutMs: 5_000, acquireTimeoutMs: 5_000 };

export function openDb(options: DbOptions, limits: Partial<DbLimits> = {}): Db {
  const all = { ...defaultDbLimits, ...limits };
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, all);
  try {
    return openSqlite(options.databasePath, all);
  } catch (err) {
    throw explainSqliteOpenFailure(options.databasePath, err);
  }
}

// int8 (counts, sums) as a JS number: every count this app makes fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

function openPostgres(connectionString: string, limits: DbLimits): Db {
  // A statement waiting on a lock gives up after lock_timeout (55P03), one running too long after
  // statement_timeout (57014), a request waiting for a free connection after the acquire time-out:
  // each becomes a 503 with Retry-After rather than a request that hangs.
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: limits.acquireTimeoutMs,
    lock_timeout: limits.lockWaitMs,
    statement_timeout: limits.statementTimeoutMs,
    // A process that dies mid-statement (SIGKILL, a crash) leaves its backend running the
    // statement, and holding its locks, until it tries to answer; with this check PostgreSQL
    // notices the closed connection within a second and rolls the transaction back, so the
    // other processes' writes are not kept waiting into 503s.
    options: '-c client_connection_check_interval=1000',
  });
  // A connection that drops (database restart, network cut) must not crash the process: an idle
  // client's error reaches the pool, a checked-out client's reaches the client itself. The
  // query in flight fails (and becomes a 503); the pool opens a fresh connection next time.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // A named statement: parsed and planned once per connection, not on every request.
  const readScheduleVersion = async () => {
    const result = await pool.query<{ version: number }>({ name: 'schedule-version', text: SCHEDULE_VERSION_SQL });
    const row = result.rows[0];
    if (!row) throw new Error('The schedule_version row is missing');
    return Number(row.version);
  };
  const readVersions = async () =>
    versionsOf((await pool.query<Record<string, unknown>>({ name: 'versions', text: VERSIONS_SQL })).rows[0]);
  return { kysely, dialect: 'postgres', readScheduleVersion, readVersions, close: () => kysely.destroy() };
}

function openSqlite(path: string, limits: DbLimits): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new SQLite(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // better-sqlite3 waits for a lock inside SQLite, synchronously, on the event loop: a long
  // busy_timeout froze every request (a route that needs no database waited 26 s while another
  // process held the write lock), and even 20 ms slices held it a third of the time while a write
  // waited. SQLite now answers SQLITE_BUSY at once (BUSY_SLICE_MS = 0); the driver below retries
  // asynchronously until limits.lockWaitMs have passed.
  raw.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
  // 64 MB of page cache instead of SQLite's 2 MB: a search scanning 10,000 venues fell from
  // 16 to 6 ms of CPU (bench/venues-list.ts).
  raw.pragma('cache_size = -65536');
  // Reads outside a transaction go to a second connection of their own (WAL lets it read while
  // another connection, of this process or another, writes), so a read never queues behind a write
  // that waits for another process's lock (issue 27, item 10). An in-memory database has no second
  // connection: everything goes to the one.
  const reader = path === ':memory:' ? undefined : { database: async () => typedSqlite(openReader(path)) };
  const kysely = new Kysely<Database>({
    dialect: new PatientSqliteDialect({ database: typedSqlite(raw) }, limits.lockWaitMs, reader),
  });
  const version = path === ':memory:' ? null : new VersionReader(path);
  return {
    kysely,
    dialect: 'sqlite',
    // An in-memory database has no second connection: the query builder reads it there.
    readScheduleVersion: version
      ? async () => version.read()
      : async () => {
          const row = await kysely
            .selectFrom('schedule_version')
            .select('version')
            .where('id', '=', 1)
            .executeTakeFirstOrThrow();
          return Number(row.version);
        },
    readVersionsNow: version ? () => version.readAll() : undefined,
    readVersions: version
      ? async () => version.readAll()
      : async () => {
          const { rows } = await sql<Record<string, unknown>>`${sql.raw(VERSIONS_SQL)}`.execute(kysely);
          return versionsOf(rows[0]);
        },
    close: async () => {
      version?.close();
      await kysely.destroy();
    },
  };
}

/**
 * The schedule version through a read-only connection of its own, opened on first use (after the
 * migrations). Its own, not Kysely's: the app's one connection may be inside another request's
 * transaction, whose uncommitted writes it would see; a second connection in WAL mode sees only
 * what is committed, by this process or any other, and a prepared statement reads it in
 * microseconds without waiting for Kysely's connection lock.
 */
class VersionReader {
  private connection: SQLite.Database | null = null;
  private statement: SQLite.Statement<[], number> | null = null;
  private all: SQLite.Statement<[], Record<string, unknown>> | null = null;
  private closed = false;

  constructor(private readonly path: string) {}

  private open(): SQLite.Database {
    // Closed with the database: a read then fails as every other read does.
    if (this.closed) throw new Error('The database is closed');
    if (!this.connection) {
      this.connection = new SQLite(this.path, { readonly: true, fileMustExist: true });
      // Its read cannot be retried asynchronously (it is synchronous); readers in WAL meet a lock
      // only in rare moments (a checkpoint resetting the log), so SQLite may wait a little here.
      this.connection.pragma(`busy_timeout = ${VERSION_BUSY_MS}`);
    }
    return this.connection;
  }

  read(): number {
    this.statement ??= this.open().prepare<[], number>(SCHEDULE_VERSION_SQL).pluck();
    const version = this.statement.get();
    if (version === undefined) throw new Error('The schedule_version row is missing');
    return Number(version);
  }

  readAll(): Versions {
    this.all ??= this.open().prepare<[], Record<string, unknown>>(VERSIONS_SQL);
    return versionsOf(this.all.get());
  }

  close(): void {
    this.closed = true;
    this.connection?.close();
    this.connection = null;
    this.statement = null;
    this.all = null;
  }
}

/**
 * The connection for reads outside a transaction, opened on the first such read (after the
 * migrations). `query_only`: a write sent here by mistake fails instead of taking the write lock.
 */
function openReader(path: string): SQLite.Database {
  const connection = new SQLite(path, { fileMustExist: true });
  connection.pragma(`busy_timeout = ${BUSY_SLICE_MS}`);
  connection.pragma('query_only = ON');
  connection.pragma('cache_size = -65536');
  return connection;
}

/** The longest SQLite blocks the event loop waiting for a lock, per try: not at all. */
const BUSY_SLICE_MS = 0;
/** The pause between tries, during which other requests run. */
const BUSY_PAUSE_MS = 20;
/** The schedule version's read-only connection, which has no asynchronous retry. */
const VERSION_BUSY_MS = 20;

const WRITE_KINDS = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);
const isBusy = (err: unknown) => (err as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * SQLite's dialect with a driver that waits for another process's write lock asynchronously: a
 * statement that meets SQLITE_BUSY (at once: BUSY_SLICE_MS is 0) is tried again after a
 * pause in which the event loop serves other requests, until lockWaitMs have passed; then the
 * error goes up and becomes a 503. Once a write has waited the whole time in vain, the writes
 * that meet the lock in the next lockWaitMs fail at once (the lock was just seen held that long),
 * so a queue of writes behind the lock all get their 503 within about lockWaitMs instead of one
 * after another. SQLITE_BUSY_SNAPSHOT (a transaction that read before another process wrote) is
 * not retried: it cannot succeed.
 *
 * With `reader`, a SELECT outside a transaction runs on that second connection and never waits
 * for the first, which may be held by a write waiting for the lock or by another request's
 * transaction; it sees what is committed, as a PostgreSQL pool's other connections do. Everything
 * else (writes, raw SQL, and every statement of a transaction) takes the one write connection.
 */
class PatientSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly lockWaitMs: number,
    private readonly reader?: SqliteDialectConfig,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    const reader = this.reader ? new SqliteDialect(this.reader).createDriver() : undefined;
    return new PatientDriver(super.createDriver(), reader, this.lockWaitMs);
  }
}

/**
 * The connection Kysely is given: it holds nothing until a statement needs it. A SELECT while it
 * holds nothing runs on the reader; any other statement takes the write connection, and keeps it
 * (a transaction's statements all run there) until Kysely releases this connection.
 */
class RoutedConnection implements DatabaseConnection {
  writer: DatabaseConnection | null = null;

  constructor(private readonly driver: PatientDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.writer && query.query.kind === 'SelectQueryNode' && this.driver.hasReader) {
      return this.driver.read<R>(query);
    }
    return this.driver.patiently<R>(await this.holdWriter(), query, true);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.holdWriter()).streamQuery<R>(query, chunkSize);
  }

  async holdWriter(): Promise<DatabaseConnection> {
    this.writer ??= await this.driver.acquireWriter();
    return this.writer;
  }
}

class PatientDriver implements Driver {
  /** When a write last gave up after waiting the whole lockWaitMs. */
  private gaveUpAt = -Infinity;
  private readerReady: Promise<void> | null = null;

  constructor(
    private readonly inner: Driver,
    private readonly reader: Driver | undefined,
    private readonly lockWaitMs: number,
  ) {}

  get hasReader(): boolean {
    return this.reader !== undefined;
  }

  init = () => this.inner.init();
  async destroy(): Promise<void> {
    await this.inner.destroy();
    if (this.readerReady) await this.reader!.destroy();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  acquireWriter = () => this.inner.acquireConnection();

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    if (!routed.writer) return;
    const writer = routed.writer;
    routed.writer = null;
    await this.inner.releaseConnection(writer);
  }

  // begin, commit, rollback and the savepoints are statements on the connection they are given:
  // on this one, they take (and keep) the write connection.
  beginTransaction = async (connection: DatabaseConnection, settings: TransactionSettings) => {
    await (connection as RoutedConnection).holdWriter();
    await this.inner.beginTransaction(connection, settings);
  };
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  rollbackTransaction = (connection: DatabaseConnection) => this.inner.rollbackTransaction(connection);
  savepoint: Driver['savepoint'] = (...args) => this.inner.savepoint!(...args);
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (...args) => this.inner.rollbackToSavepoint!(...args);
  releaseSavepoint: Driver['releaseSavepoint'] = (...args) => this.inner.releaseSavepoint!(...args);

  /** A SELECT outside a transaction, on the reader. */
  async read<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const reader = this.reader!;
    await (this.readerReady ??= reader.init());
    const connection = await reader.acquireConnection();
    try {
      return await this.patiently<R>(connection, query, false);
    } finally {
      await reader.releaseConnection(connection);
    }
  }

  /** Runs `query`, trying again after a pause while another process holds the lock (see above). */
  async patiently<R>(connection: DatabaseConnection, query: CompiledQuery, writer: boolean): Promise<QueryResult<R>> {
    const started = performance.now();
    for (;;) {
      try {
        const result = await connection.executeQuery<R>(query);
        // A write got through: the lock is gone. (Reads get through while it is held, in WAL.)
        if (writer && WRITE_KINDS.has(query.query.kind)) this.gaveUpAt = -Infinity;
        return result;
      } catch (err) {
        const now = performance.now();
        const recentlyGaveUp = writer && now - this.gaveUpAt < this.lockWaitMs;
        if (!isBusy(err) || recentlyGaveUp || now - started + BUSY_PAUSE_MS > this.lockWaitMs) {
          if (writer && isBusy(err) && !recentlyGaveUp) this.gaveUpAt = now;
          throw err;
        }
        await new Promise((resolve) => setTimeout(resolve, BUSY_PAUSE_MS));
      }
    }
  }
}

type Converter = (value: unknown) => unknown;
const toBoolean: Converter = (v) => (v === null || v === undefined ? v : v === 1 || v === true);
const toDate: Converter = (v) => (typeof v === 'string' ? new Date(v) : v);
const CONVERTERS: Record<string, Converter> = { BOOLEAN: toBoolean, TIMESTAMPTZ: toDate };

/**
 * SQLite has no boolean or timestamp types. This is the one place that maps them, so the
 * query code is the same for both engines: booleans bind as 1/0 and dates as ISO-8601 text
 * (which sorts and compares correctly); columns declared BOOLEAN or TIMESTAMPTZ come back
 * as booleans and Dates.
 */
function typedSqlite(raw: SQLite.Database) {
  const bind = (params: ReadonlyArray<unknown>) =>
    params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p instanceof Date ? p.toISOString() : p));
  const cache = new Map<string, SQLite.Statement>();

  return {
    close: () => raw.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = raw.prepare(sql);
        if (cache.size > 500) cache.clear();
        cache.set(sql, stmt);
      }
      const statement = stmt;
      const converters: Array<[string, Converter]> = statement.reader
        ? statement.columns().flatMap((c) => {
            const convert = c.type ? CONVERTERS[c.type.toUpperCase()] : undefined;
            return convert ? [[c.name, convert] as [string, Converter]] : [];
          })
        : [];
      const convertRow = (row: unknown) => {
        if (converters.length === 0) return row;
        const record = row as Record<string, unknown>;
        for (const [name, convert] of converters) record[name] = convert(record[name]);
        return record;
      };
      return {
        reader: statement.reader,
        all: (params: ReadonlyArray<unknown>) => statement.all(bind(params)).map(convertRow),
        run: (params: ReadonlyArray<unknown>) => statement.run(bind(params)),
        *iterate(params: ReadonlyArray<unknown>) {
          for (const row of statement.iterate(bind(params))) yield convertRow(row);
        },
      };
    },
  };
}
