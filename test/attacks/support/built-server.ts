import { spawn } from 'node:child_process';
import { freePort, projectRoot, stopperFor } from '../../../e2e/support/server.js';

export interface BuiltServer {
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * `node dist/server/main.js` as production runs it, configured by `env` alone (on top of a
 * clean slate: none of the calling shell's database or mail settings leak in). Call
 * ensureBuilt() first.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['DATABASE_URL', 'DATABASE_PATH', 'TEST_DATABASE_URL', 'SMTP_URL', 'LOG_LEVEL'])
    delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    // No mail server here: production must be told that printing mail to the log is meant.
    MAIL_TO_LOG: 'true',
    // Scheduling notices due at once (docs/decisions/0038-coalesced-notices.md); a test may set its own.
    NOTICE_DELAY_MS: '0',
    ...env,
  });
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const captured: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => captured.push(c));
  child.stderr.on('data', (c: Buffer) => captured.push(c));
  const output = () => Buffer.concat(captured).toString('utf8');
  const stop = stopperFor(child);

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The server exited (${child.exitCode}) before it was up:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/v1/festival`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 30 s:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { baseUrl, output, stop };
}
