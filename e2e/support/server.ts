import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from '../../scripts/build-freshness.mjs';
import { startSmtpSink, type SmtpSink } from '../../server/test/smtp-sink.js';

export const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const resultsDir = join(projectRoot, 'test-results', 'e2e');

const E2E_JWT_SECRET = 'e2e-secret-that-is-long-enough-for-hs256-0123456789';

export interface RunningServer {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL, so links in mail point here. */
  baseUrl: string;
  smtp: SmtpSink;
  /** The server's stdout and stderr, kept for reading after a failure. */
  logFile: string;
  /** The server's SQLite file, for the committee's own tools (`npm run admin`) in a test. */
  databasePath: string;
  stop(): Promise<void>;
}

/**
 * `npm test` builds before the e2e stage; a developer running `npm run test:e2e` alone gets a
 * build when dist/ is missing or older than the sources, so the browser never tests stale code.
 */
export function ensureBuilt(): void {
  if (!buildIsStale(projectRoot)) return;
  // Vitest sets NODE_ENV=test, and Vite builds React's development bundles for any NODE_ENV but
  // production: the browser must get what production serves.
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status}): the e2e tests need dist/`);
}

export async function freePort(): Promise<number> {
  // The port must be known before the server starts: PUBLIC_URL (used in mailed links) names it.
  const probe = createServer();
  await new Promise<void>((ok, fail) => probe.once('error', fail).listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((ok) => probe.close(() => ok()));
  return port;
}

/**
 * How to stop `child`: SIGTERM, then SIGKILL after 10 s; resolves once it has exited. Until it
 * exits, a test process that dies without stopping it kills it, so no server is left listening.
 */
export function stopperFor(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
}

async function waitUntilUp(
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  logFile: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} before it was up:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/v1/festival`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not answer GET /v1/festival within ${timeoutMs} ms; see ${logFile}`);
}

/**
 * Starts the built app as a child process, as it runs in production: its own fresh SQLite
 * database, mail sent over SMTP to a real in-process SMTP server, a free port on loopback.
 */
export async function startServer(name: string): Promise<RunningServer> {
  ensureBuilt();
  mkdirSync(resultsDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'porchfest-e2e-'));
  const databasePath = join(dataDir, 'porchfest.sqlite');
  const smtp = await startSmtpSink();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const logFile = join(resultsDir, `${name}.server.log`);
  const log = createWriteStream(logFile);

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The e2e server always gets its own SQLite file, whatever the calling shell points at.
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_PATH: databasePath,
    SMTP_URL: smtp.url,
    PUBLIC_URL: baseUrl,
    JWT_SECRET: E2E_JWT_SECRET,
    LOG_LEVEL: 'warn',
    // A host's scheduling change reaches the performer at once, not after the production delay
    // (docs/decisions/0038-coalesced-notices.md): the e2e tests read the mail a save sends.
    NOTICE_DELAY_MS: '0',
  });
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const captured: Buffer[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      captured.push(chunk);
    });
  }
  const output = () => Buffer.concat(captured).toString('utf8');
  const stopChild = stopperFor(child);

  const stop = async () => {
    await stopChild();
    log.end();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilUp(baseUrl, child, output, logFile);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, smtp, logFile, databasePath, stop };
}
