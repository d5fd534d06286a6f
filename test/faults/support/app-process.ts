import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { projectRoot, stopperFor } from '../../../e2e/support/server.js';
import type { DatabaseOptions } from '../../../server/test/database.js';

/** The secret every app process of a fault test shares: one JWT_SECRET is what makes sessions portable. */
export const FAULTS_JWT_SECRET = 'faults-secret-that-is-long-enough-for-hs256-0123456789';

export interface AppProcess {
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s if it has not exited; resolves once it has. */
  stop(): Promise<void>;
}

/** Ports free on loopback now, all different: each is held until all are found. */
export async function freePorts(count: number): Promise<number[]> {
  const probes = Array.from({ length: count }, () => createServer());
  for (const probe of probes) {
    await new Promise<void>((ok, fail) => probe.once('error', fail).listen(0, '127.0.0.1', ok));
  }
  const ports = probes.map((probe) => (probe.address() as AddressInfo).port);
  for (const probe of probes) await new Promise<void>((ok) => probe.close(() => ok()));
  return ports;
}

export async function freePort(): Promise<number> {
  return (await freePorts(1))[0]!;
}

export interface StartOptions {
  database: DatabaseOptions;
  port?: number;
  smtpUrl?: string;
  /** Extra environment, e.g. TRUST_PROXY. */
  env?: Record<string, string>;
  /** How long to wait for GET /v1/festival to answer. */
  timeoutMs?: number;
}

/**
 * Starts the BUILT server (`node dist/server/main.js`) as production runs it: its own process,
 * configured only through the environment. Call ensureBuilt() (e2e/support/server.ts) first.
 */
export async function startAppProcess(options: StartOptions): Promise<AppProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DATABASE_PATH;
  delete env.TEST_DATABASE_URL;
  delete env.SMTP_URL;
  delete env.MAIL_TO_LOG;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    JWT_SECRET: FAULTS_JWT_SECRET,
    LOG_LEVEL: 'warn',
    // Scheduling notices due at once (docs/decisions/0038-coalesced-notices.md); a test may set its own.
    NOTICE_DELAY_MS: '0',
    ...('databaseUrl' in options.database
      ? { DATABASE_URL: options.database.databaseUrl }
      : { DATABASE_PATH: options.database.databasePath }),
    // Without a mail server, production must be told that printing mail to the log is meant.
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : { MAIL_TO_LOG: 'true' }),
    ...options.env,
  });
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const captured: Buffer[] = [];
  child.stdout?.on('data', (c: Buffer) => captured.push(c));
  child.stderr?.on('data', (c: Buffer) => captured.push(c));
  const output = () => Buffer.concat(captured).toString('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const stop = stopperFor(child);

  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}) before it was up:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/v1/festival`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within ${options.timeoutMs ?? 30_000} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { baseUrl, port, child, exited, output, stop };
}
