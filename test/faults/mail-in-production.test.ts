import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, projectRoot } from '../../e2e/support/server.js';
import { FAULTS_JWT_SECRET, freePort, startAppProcess } from './support/app-process.js';

/**
 * Mail in production: without SMTP_URL the built server refuses to start (password-reset links
 * would otherwise only reach the log), unless MAIL_TO_LOG=true asks for a trial run, which the
 * start line then states. See docs/decisions/0023-framework-errors-text-mail-passwords.md.
 */
let dir: string;
beforeAll(() => {
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'porchfest-mail-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the built server with this environment until it exits or `ms` pass. */
async function runFor(env: Record<string, string>, ms: number) {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'SMTP_URL', 'MAIL_TO_LOG']) delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    JWT_SECRET: FAULTS_JWT_SECRET,
    DATABASE_PATH: join(dir, `refuse-${port}.sqlite`),
    ...env,
  });
  const child = spawn(process.execPath, ['dist/server/main.js'], { cwd: projectRoot, env: childEnv });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(null);
    }, ms);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, output, ms: Date.now() - started };
}

describe('mail in production', () => {
  it('refuses to start without SMTP_URL, saying what to set', async () => {
    const run = await runFor({}, 15_000);
    console.log(`[mail in production] no SMTP_URL: exit code ${run.code} after ${run.ms} ms`);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toContain('SMTP_URL');
    expect(run.output).toContain('MAIL_TO_LOG=true');
  });

  it('starts with MAIL_TO_LOG=true, and the start line says mail is only printed to the log', async () => {
    const app = await startAppProcess({
      database: { databasePath: join(dir, 'trial.sqlite') },
      env: { MAIL_TO_LOG: 'true', LOG_LEVEL: 'info' },
    });
    try {
      // The server answers as soon as it listens; its start line may reach this process's pipe a
      // moment later on a busy machine.
      const findStartLine = () =>
        app
          .output()
          .split('\n')
          .find((line) => line.includes('is running on'));
      const deadline = Date.now() + 10_000;
      while (!findStartLine() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const startLine = findStartLine();
      console.log(
        `[mail in production] MAIL_TO_LOG=true: started; ${startLine ? 'start line found' : 'no start line'}`,
      );
      expect(startLine).toMatch(/mail: printed to this log \(MAIL_TO_LOG=true, a trial run: nothing is sent\)/);
    } finally {
      await app.stop();
    }
  });
});
