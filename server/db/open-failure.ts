import { accessSync, closeSync, constants, openSync, statSync, unlinkSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Errors that mean the SQLite file or its folder cannot be created, opened or written. */
const OPEN_FAILURE = /^(SQLITE_CANTOPEN|SQLITE_READONLY|SQLITE_PERM|EACCES|EROFS|EPERM|ENOTDIR|EEXIST|ENOENT)/;

/** What an errno of a write into the folder means, in words. */
const CAUSES: Record<string, string> = {
  EROFS: 'is on a read-only file system',
  EACCES: 'may not be written by this process',
  EPERM: 'refuses writes (it is marked immutable, or the system forbids it)',
  ENOENT: 'does not accept new files',
  ENOTDIR: 'is not a folder',
};

function whoRuns(): string {
  try {
    return `user ${userInfo().username} (uid ${process.getuid?.() ?? '?'})`;
  } catch {
    return `uid ${process.getuid?.() ?? '?'}`;
  }
}

/** Why a new file cannot be written in `dir`, or null when one can. */
function folderProblem(dir: string): string | null {
  try {
    if (!statSync(dir).isDirectory()) return CAUSES.ENOTDIR!;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    return code === 'ENOENT' ? 'does not exist and could not be created' : (CAUSES[code] ?? `cannot be read (${code})`);
  }
  const probe = join(dir, `.porchfest-write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
    return null;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    // Left over from a run that stopped between the two calls: the folder is writable.
    if (code === 'EEXIST') return null;
    return `${CAUSES[code] ?? 'refuses new files'} (${code})`;
  }
}

/** Why the database file (or its -wal or -shm file) cannot be read and written, or null. */
function fileProblem(file: string): string | null {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      accessSync(path, constants.R_OK | constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (code !== 'ENOENT') return `${path} cannot be read and written by this process (${code})`;
    }
  }
  return null;
}

/**
 * SQLite says only "unable to open database file" when the data folder is read-only or missing
 * (issue 27): the error that stops the start names the path, the cause, and what to fix. Any other
 * error is returned as it is.
 */
export function explainSqliteOpenFailure(databasePath: string, err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (databasePath === ':memory:' || typeof code !== 'string' || !OPEN_FAILURE.test(code)) return err;
  const file = resolve(databasePath);
  const dir = dirname(file);
  const folder = folderProblem(dir);
  const cause = folder
    ? `the folder ${dir} ${folder}`
    : (fileProblem(file) ?? `the folder ${dir} looks writable, so check the file's permissions and the disk`);
  return new Error(
    `Cannot open the SQLite database ${file} (${(err as Error).message}): ${cause}. ` +
      `SQLite creates and writes the database and its -wal and -shm files in that folder: make it writable ` +
      `for ${whoRuns()}, or set DATABASE_PATH to a file in a writable folder.`,
    { cause: err },
  );
}
