import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

/**
 * The engine the API tests run on: PostgreSQL when TEST_DATABASE_URL names a server (CI sets
 * it), else SQLite. Each call makes a fresh, migrated database of its own.
 */
export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface TestDb {
  db: Db;
  /** How to open the same database again (a second app process, a restart). */
  options: { databaseUrl: string } | { databasePath: string };
  destroy(): Promise<void>;
}

export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `pf_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const options = { databaseUrl: url.toString() };
    const db = openDb(options);
    await migrate(db);
    return {
      db,
      options,
      async destroy() {
        await db.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'porchfest-test-'));
  const options = { databasePath: join(dir, 'test.sqlite') };
  const db = openDb(options);
  await migrate(db);
  return {
    db,
    options,
    async destroy() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
