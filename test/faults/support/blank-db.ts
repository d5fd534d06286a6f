import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDb, type Db } from '../../../server/db/connection.js';
import type { DatabaseOptions } from './app-process.js';

export const faultsEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export interface BlankDb {
  options: DatabaseOptions;
  /** A connection of the test's own, for checking what the app processes wrote. */
  open(): Db;
  destroy(): Promise<void>;
}

/**
 * An empty database, not migrated: the app processes under test migrate it themselves at start,
 * as they do in production. PostgreSQL when TEST_DATABASE_URL is set, else a SQLite file.
 */
export async function createBlankDb(): Promise<BlankDb> {
  const opened: Db[] = [];
  const open = (options: DatabaseOptions) => () => {
    const db = openDb(options);
    opened.push(db);
    return db;
  };
  const closeAll = async () => {
    for (const db of opened.splice(0)) await db.close();
  };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `pf_faults_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const options = { databaseUrl: url.toString() };
    return {
      options,
      open: open(options),
      async destroy() {
        await closeAll();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'porchfest-faults-'));
  const options = { databasePath: join(dir, 'porchfest.sqlite') };
  return {
    options,
    open: open(options),
    async destroy() {
      await closeAll();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
