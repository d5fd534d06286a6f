import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempFolders } from '../test/support/temp-folders.js';

// Issue 27: the start refuses what cannot work, and says what and where. The server runs from
// source as `npm start` runs it (server/main.ts), as its own process, with its own environment.

const root = resolve(import.meta.dirname, '..');
const { tempDir, readOnlyFolder, afterThisTest } = useTempFolders('porchfest-refusal-');

/** Starts server/main.ts and resolves with its exit code and output, once it has exited. */
function start(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      JWT_SECRET: 'start-refusal-secret-that-is-long-enough-0123456789',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  afterThisTest(() => {
    try {
      // tsx runs the server as its own child: the whole group goes if it did start after all.
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => {
    child.on('exit', (code) => done({ code, output }));
    // A server that starts instead of refusing is a failure, not a hang.
    child.stdout.on('data', () => {
      if (output.includes('is running on')) done({ code: null, output });
    });
  });
}

/**
 * A data folder this process cannot write, found a way that works for root too (permissions do
 * not stop root): readOnlyFolder's, or else /proc, a folder that accepts no new files from anyone.
 */
function unwritableDataFolder(): { dir: string; how: string } {
  return readOnlyFolder() ?? { dir: '/proc', how: '/proc' };
}

// Compiling the server from source takes a while on a busy machine.
describe('the start refuses', { timeout: 180_000 }, () => {
  it('a festival.config.json with a date the calendar does not have, naming the file and the field', async () => {
    const config = JSON.parse(readFileSync(join(root, 'festival.config.json'), 'utf8')) as {
      event: { date: string };
    };
    config.event.date = '2025-02-30';
    const file = join(tempDir(), 'festival.config.json');
    writeFileSync(file, JSON.stringify(config));

    const { code, output } = await start({ FESTIVAL_CONFIG: file, DATABASE_PATH: join(tempDir(), 'db.sqlite') });
    expect(code, output).toBe(1);
    expect(output).toContain(`Invalid ${file}: event.date: 2025-02-30 is not a date: February 2025 has 28 days`);
  });

  it.skipIf(process.platform !== 'linux')(
    'a data folder it cannot write, naming the path and what to fix',
    async () => {
      const { dir } = unwritableDataFolder();
      const path = join(dir, 'porchfest.sqlite');
      const { code, output } = await start({ DATABASE_PATH: path });
      expect(code, output).toBe(1);
      expect(output).toContain(
        `Cannot open the SQLite database ${path} (unable to open database file): the folder ${dir}`,
      );
      expect(output).toContain('or set DATABASE_PATH to a file in a writable folder');
    },
  );
});
