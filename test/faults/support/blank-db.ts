import { openDb, type Db } from '../../../server/db/connection.js';
import { createEmptyDatabase, type DatabaseOptions } from '../../../server/test/database.js';

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
  const empty = await createEmptyDatabase('faults');
  const opened: Db[] = [];
  return {
    options: empty.options,
    open() {
      const db = openDb(empty.options);
      opened.push(db);
      return db;
    },
    async destroy() {
      for (const db of opened.splice(0)) await db.close();
      await empty.drop();
    },
  };
}
