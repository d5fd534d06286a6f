import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db, type DbLimits } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

/**
 * The engine the API tests run on: PostgreSQL when TEST_DATABASE_URL names a server (CI sets
 * it), else SQLite. Each call makes a fresh, migrated database of its own.
 */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/** How to open a database: the options openDb and the app processes take. */
export type DatabaseOptions = { databaseUrl: string } | { databasePath: string };

export interface TestDb {
  db: Db;
  /** How to open the same database again (a second app process, a restart). */
  options: DatabaseOptions;
  destroy(): Promise<void>;
}

export async function createTestDb(limits: Partial<DbLimits> = {}): Promise<TestDb> {
  const empty = await createEmptyDatabase('test');
  const db = openDb(empty.options, limits);
  await migrate(db);
  return {
    db,
    options: empty.options,
    async destroy() {
      await db.close();
      await empty.drop();
    },
  };
}

export interface EmptyDatabase {
  options: DatabaseOptions;
  /** Removes the database; close every connection to it first. */
  drop(): Promise<void>;
}

/**
 * A new database with nothing in it, on the engine under test: a PostgreSQL database named
 * pf_<purpose>_… on the TEST_DATABASE_URL server, or a SQLite file in a directory of its own.
 */
export async function createEmptyDatabase(purpose: string): Promise<EmptyDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `pf_${purpose}_${randomBytes(6).toString('hex')}`;
    await runAsAdmin(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      options: { databaseUrl: url.toString() },
      drop: () => runAsAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), `porchfest-${purpose}-`));
  return {
    options: { databasePath: join(dir, 'porchfest.sqlite') },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function runAsAdmin(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}
