import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export type DbOptions = { databaseUrl: string } | { databasePath: string };

export function openDb(options: DbOptions): Db {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  return openSqlite(options.databasePath);
}

// int8 (counts, sums) as a JS number: every count this app makes fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

function openPostgres(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
  // A connection that drops (database restart, network cut) must not crash the process: an idle
  // client's error reaches the pool, a checked-out client's reaches the client itself. The
  // query in flight fails (and becomes a 503); the pool opens a fresh connection next time.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
}

function openSqlite(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new SQLite(path);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  // 64 MB of page cache instead of SQLite's 2 MB: a search scanning 10,000 venues fell from
  // 16 to 6 ms of CPU (bench/venues-list.ts).
  raw.pragma('cache_size = -65536');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: typedSqlite(raw) }) });
  return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
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
