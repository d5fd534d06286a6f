import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * Temporary folders for a test file, removed after each test, and a way to make one this process
 * cannot write. Call at the top of the file:
 *
 *   const { tempDir, readOnlyFolder, afterThisTest } = useTempFolders('porchfest-open-');
 */
export function useTempFolders(prefix: string) {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  /** Runs `cleanup` after the current test, before the folders are removed. */
  const afterThisTest = (cleanup: () => void) => void cleanups.push(cleanup);

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }

  /**
   * A folder this process cannot write: chmod 555 for anyone but root; for root, whom permissions
   * do not stop, the immutable attribute (`chattr +i`, which root obeys too), or null where the
   * file system or the container does not allow it.
   */
  function readOnlyFolder(): { dir: string; how: string } | null {
    const dir = tempDir();
    if (process.getuid?.() !== 0) {
      chmodSync(dir, 0o555);
      cleanups.unshift(() => chmodSync(dir, 0o755));
      return { dir, how: 'chmod 555' };
    }
    try {
      execFileSync('chattr', ['+i', dir], { stdio: 'ignore' });
    } catch {
      return null;
    }
    cleanups.unshift(() => execFileSync('chattr', ['-i', dir], { stdio: 'ignore' }));
    return { dir, how: 'chattr +i' };
  }

  return { tempDir, readOnlyFolder, afterThisTest };
}
