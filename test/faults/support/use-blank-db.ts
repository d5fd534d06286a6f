import { afterAll, beforeAll } from 'vitest';
import { ensureBuilt } from '../../../e2e/support/server.js';
import type { Db } from '../../../server/db/connection.js';
import { startAppProcess, type AppProcess, type StartOptions } from './app-process.js';
import { createBlankDb, type BlankDb } from './blank-db.js';

export interface BlankDbFile {
  /** The blank database, made before all of the file's tests. */
  readonly blank: BlankDb;
  /** The test's own connection to it, opened on first use: use it once an app has migrated it. */
  readonly db: Db;
  /** Starts the built app on the blank database; it is stopped after all (a process killed on purpose too). */
  start(options?: Omit<StartOptions, 'database'>): Promise<AppProcess>;
}

/**
 * The set-up a fault test file shares: before all, the app built (ensureBuilt) and a blank
 * database; after all, every process start() made stopped, then the database dropped. Call it at
 * the top of the file: its hooks are the file's own.
 */
export function useBlankDb(): BlankDbFile {
  let blank: BlankDb | undefined;
  let db: Db | undefined;
  const started: AppProcess[] = [];
  beforeAll(async () => {
    ensureBuilt();
    blank = await createBlankDb();
  });
  afterAll(async () => {
    for (const app of started) await app.stop();
    await blank?.destroy();
  });
  const file: BlankDbFile = {
    get blank() {
      if (!blank) throw new Error('The blank database is made in beforeAll');
      return blank;
    },
    get db() {
      return (db ??= file.blank.open());
    },
    async start(options = {}) {
      const app = await startAppProcess({ database: file.blank.options, ...options });
      started.push(app);
      return app;
    },
  };
  return file;
}
