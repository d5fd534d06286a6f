import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFolders } from '../../test/support/temp-folders.js';
import { openDb } from './connection.js';

// Issue 27, item 11: a data folder SQLite cannot write stopped the start with "unable to open
// database file" and nothing else. The error names the path, the cause and what to fix.

const { tempDir, readOnlyFolder } = useTempFolders('porchfest-open-');

function openError(databasePath: string): Error {
  try {
    const db = openDb({ databasePath });
    void db.close();
  } catch (err) {
    return err as Error;
  }
  throw new Error(`${databasePath} opened`);
}

const onLinux = process.platform === 'linux';

describe('opening a SQLite database where it cannot be written', () => {
  const readOnly = onLinux ? readOnlyFolder() : null;
  it.skipIf(!readOnly)(
    `names the path, the read-only folder and the fix (a folder made read-only with ${readOnly?.how ?? 'nothing'})`,
    () => {
      const path = join(readOnly!.dir, 'porchfest.sqlite');
      const err = openError(path);
      expect(err.message).toContain(`Cannot open the SQLite database ${path} (unable to open database file)`);
      expect(err.message).toMatch(new RegExp(`the folder ${readOnly!.dir} (may not be written|refuses writes)`));
      expect(err.message).toContain('make it writable for ');
      expect(err.message).toContain('or set DATABASE_PATH to a file in a writable folder');
      expect((err.cause as { code?: string }).code).toBe('SQLITE_CANTOPEN');
    },
  );

  it.skipIf(!onLinux)('names a folder that accepts no new files at all, for root too (/proc)', () => {
    const err = openError('/proc/porchfest.sqlite');
    expect(err.message).toContain('Cannot open the SQLite database /proc/porchfest.sqlite');
    expect(err.message).toContain('the folder /proc does not accept new files');
    expect(err.message).toContain('set DATABASE_PATH');
  });

  it('names a file standing where the data folder should be', () => {
    const file = join(tempDir(), 'data');
    writeFileSync(file, 'not a folder');
    const err = openError(join(file, 'porchfest.sqlite'));
    expect(err.message).toContain(`Cannot open the SQLite database ${join(file, 'porchfest.sqlite')}`);
    expect(err.message).toContain(`the folder ${file} is not a folder`);
  });

  it('opens a database in a writable folder as before', async () => {
    const db = openDb({ databasePath: join(tempDir(), 'fine.sqlite') });
    await db.close();
  });
});
