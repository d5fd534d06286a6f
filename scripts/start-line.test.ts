import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;

afterEach(() => {
  // tsx's command line runs the server as its own child: the whole group goes, or the server
  // would outlive the test.
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the server from source with the given environment; resolves with its start line. */
function startLine(env: Record<string, string>): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'porchfest-start-'));
  const started = spawn(process.execPath, [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'], {
    cwd: root,
    detached: true,
    env: {
      PATH: process.env.PATH,
      DATABASE_PATH: join(dataDir, 'start.sqlite'),
      JWT_SECRET: 'start-line-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  child = started;
  return new Promise((done, fail) => {
    let output = '';
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.includes('is running on'));
      if (line) done(line);
    });
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
}

// Compiling the server from source takes a while on a busy machine.
describe('the start line', { timeout: 180_000 }, () => {
  it('names the port actually listened on when PORT=0 picks one, and that address answers', async () => {
    const line = await startLine({ PORT: '0', HOST: '127.0.0.1' });
    const url = /is running on (http:\/\/127\.0\.0\.1:(\d+))/.exec(line);
    expect(url, line).not.toBeNull();
    expect(Number(url![2])).toBeGreaterThan(0);
    const health = await fetch(`${url![1]}/v1/openapi.json`);
    expect(health.status).toBe(200);
    // PUBLIC_URL was left at its default, which is not where this server listens: say so.
    expect(line).toContain('links in e-mail: http://localhost:3000');
  });

  it('shows localhost for the wildcard interface', async () => {
    const line = await startLine({ PORT: '0', HOST: '0.0.0.0' });
    expect(line).toMatch(/is running on http:\/\/localhost:[1-9]\d*/);
  });
});
