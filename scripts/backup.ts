// `npm run backup [-- <file>]`: a consistent copy of the database while the app runs.
// SQLite: SQLite's online backup API (pages copied under a read transaction, so concurrent writes
// never tear the copy). PostgreSQL: pg_dump's custom format (one snapshot). Restore with
// docs/deploying.md's steps: copy the SQLite file back, or pg_restore into an empty database.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { parseEnv } from '../server/env.js';
import { fromRoot } from '../server/lib/paths.js';

export async function backup(target?: string): Promise<string> {
  const env = parseEnv(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (env.DATABASE_URL) {
    const file = resolve(target ?? fromRoot('backups', `porchfest-${stamp}.dump`));
    mkdirSync(dirname(file), { recursive: true });
    const result = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, env.DATABASE_URL], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.error) throw new Error(`pg_dump could not run: ${result.error.message}`);
    if (result.status !== 0) throw new Error(`pg_dump failed with exit code ${result.status}`);
    return file;
  }
  const file = resolve(target ?? fromRoot('backups', `porchfest-${stamp}.sqlite`));
  mkdirSync(dirname(file), { recursive: true });
  const db = new SQLite(fromRoot(env.DATABASE_PATH), { fileMustExist: true });
  try {
    await db.backup(file);
  } finally {
    db.close();
  }
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  backup(process.argv[2])
    .then((file) => console.log(`Backup written to ${file}`))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
