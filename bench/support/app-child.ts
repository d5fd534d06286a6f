/**
 * The app (server/app.ts's buildApp, configured as bench/support/app.ts configures it: no mail
 * server, no web root) in a process of its own, listening on loopback, for a benchmark that must
 * not share the app's event loop. By default the child runs the server as production does:
 * compiled by tsc (tsconfig.build.json) into node_modules/.cache/bench-app/, a private build
 * that leaves dist/ alone, run by plain node. (Run from source through tsx instead, the server
 * pays for esbuild's keepNames wrappers, which production's build does not have: the ranking of
 * the matching took about twice as long that way.)
 *
 * The parent asks it, over the IPC channel, for two things only the server's process can see:
 * - its event loop's delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution): how long a timer
 *   waited past its time, the longest wait any request or timer had to bear;
 * - each request's time in the server: from Node's 'request' event to the response's 'finish'
 *   (the last byte handed to the socket), by path.
 *
 *   const app = await startAppChild({ databasePath }, { from: compileServer() });   // or { databaseUrl }
 *   await app.ask('loop:reset'); … ; const { maxMs } = await app.ask('loop:read');
 *   await app.ask('stalls:reset'); … ; const stalls = await app.ask('stalls:read');   // each wait past 40 ms
 *   await app.stop();
 *
 * BENCH_CPU_PROF=<dir> makes the child write a V8 CPU profile there when it stops.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { DatabaseOptions } from '../../server/test/database.js';

const projectRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

export interface LoopDelay {
  /** The longest wait, in milliseconds. */
  maxMs: number;
  p99Ms: number;
  meanMs: number;
}

/** What the child answers to each question. */
interface Replies {
  'loop:reset': null;
  'loop:read': LoopDelay;
  'times:reset': null;
  /** Server time (ms) of each request since the last reset, by path without the query. */
  'times:read': Record<string, number[]>;
  /** Starts (afresh) recording the loop's stalls; off until asked, so other benchmarks pay nothing. */
  'stalls:reset': null;
  /** The stalls since 'stalls:reset', and stops recording. */
  'stalls:read': Stall[];
}

/**
 * A wait of the event loop past STALL_MS, seen by a 5 ms timer that came late: when it began
 * (epoch milliseconds: performance.timeOrigin + performance.now(), comparable across processes),
 * how late the timer was, and how much of that time the loop was busy (eventLoopUtilization's
 * active time: running JavaScript, a callback or the GC on the main thread) rather than idle. A
 * stall with little active time is the thread not getting a core (other work on the machine).
 */
export interface Stall {
  atEpochMs: number;
  lateMs: number;
  activeMs: number;
}
type Question = keyof Replies;

export interface AppChild {
  baseUrl: string;
  child: ChildProcess;
  /** 'build' (tsc's output, plain node) or 'source' (tsx). */
  from: 'build' | 'source';
  ask<Q extends Question>(question: Q): Promise<Replies[Q]>;
  stop(): Promise<void>;
}

/**
 * Compiles contract/, server/ and scripts/ with tsconfig.build.json into a private folder under
 * the project (so the server finds the project root, its migrations and festival.config.json as
 * from dist/), afresh each time. Returns the folder.
 */
export function compileServer(): string {
  const outDir = join(projectRoot, 'node_modules', '.cache', 'bench-app');
  rmSync(outDir, { recursive: true, force: true });
  execFileSync(
    process.execPath,
    [
      join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
      '--outDir',
      outDir,
      '--sourceMap',
      'false',
    ],
    { cwd: projectRoot, stdio: 'inherit' },
  );
  return outDir;
}

/**
 * What startAppChild runs: the server compileServer() makes, or 'source' (through tsx) when
 * BENCH_FROM_SOURCE is set; throws, saying so, when tsc cannot compile it.
 */
export function serverToRun(): string {
  if (process.env.BENCH_FROM_SOURCE) return 'source';
  try {
    return compileServer();
  } catch (err) {
    throw new Error('tsc could not compile the server (see above); BENCH_FROM_SOURCE=1 runs it from source', {
      cause: err,
    });
  }
}

// The child: plain JavaScript, so that, run from the build, nothing in it is transformed.
const CHILD = `
import { monitorEventLoopDelay } from 'node:perf_hooks';
const root = process.env.BENCH_APP_MODULES;
const ext = process.env.BENCH_APP_EXT;
const load = (path) => import(new URL(path + ext, root).href);
const { openDb } = await load('server/db/connection');
const { migrate } = await load('server/db/migrate');
const { loadFestivalConfig } = await load('server/features/festival/load');
const { buildApp } = await load('server/app');

const db = openDb(JSON.parse(process.env.BENCH_DATABASE));
await migrate(db);
const app = await buildApp({
  db,
  festival: loadFestivalConfig('festival.config.json'),
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  publicUrl: 'http://127.0.0.1',
  webRoot: '/nonexistent',
  // Only what went wrong: a 500's cause, printed to the benchmark's output.
  logger: { level: 'error' },
});
await app.listen({ host: '127.0.0.1', port: 0 });

let times = new Map();
app.server.prependListener('request', (req, res) => {
  const start = performance.now();
  const path = (req.url ?? '').split('?')[0];
  res.once('finish', () => {
    const ms = performance.now() - start;
    const list = times.get(path);
    if (list) list.push(ms);
    else times.set(path, [ms]);
  });
});
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const STALL_MS = 40;
let stalls = [];
let stallTimer = null;
function recordStalls() {
  stalls = [];
  if (stallTimer) clearInterval(stallTimer);
  let lastTick = performance.now();
  let lastElu = performance.eventLoopUtilization();
  stallTimer = setInterval(() => {
    const now = performance.now();
    const elu = performance.eventLoopUtilization();
    const late = now - lastTick - 5;
    if (late > STALL_MS) {
      const delta = performance.eventLoopUtilization(elu, lastElu);
      stalls.push({ atEpochMs: performance.timeOrigin + lastTick, lateMs: late, activeMs: delta.active });
    }
    lastTick = now;
    lastElu = elu;
  }, 5);
}

process.on('message', ({ question }) => {
  const reply = (value) => process.send({ reply: value });
  switch (question) {
    case 'loop:reset':
      loop.reset();
      return reply(null);
    case 'loop:read':
      return reply({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6, meanMs: loop.mean / 1e6 });
    case 'times:reset':
      times = new Map();
      return reply(null);
    case 'times:read':
      return reply(Object.fromEntries(times));
    case 'stalls:reset':
      recordStalls();
      return reply(null);
    case 'stalls:read':
      if (stallTimer) clearInterval(stallTimer);
      stallTimer = null;
      return reply(stalls);
    case 'stop':
      loop.disable();
      app.close().then(() => db.close()).then(() => process.exit(0));
  }
});
process.send({ port: app.server.address().port });
`;

/**
 * Starts the app in a child process on a migrated database: from `from`, a folder compileServer()
 * made, or from the sources through tsx when `from` is 'source'.
 */
export async function startAppChild(database: DatabaseOptions, options: { from: string }): Promise<AppChild> {
  const fromSource = options.from === 'source';
  const modules = pathToFileURL(fromSource ? projectRoot : options.from).href.replace(/\/?$/, '/');
  const profile = process.env.BENCH_CPU_PROF;
  // A file, not --eval: the flags of the process pass to its worker threads (the rich-text
  // sanitizer), and --input-type would stop theirs.
  const scratch = mkdtempSync(join(tmpdir(), 'bench-app-child-'));
  const script = join(scratch, 'child.mjs');
  writeFileSync(script, CHILD);
  const child = spawn(
    process.execPath,
    [
      ...(fromSource ? ['--import', 'tsx'] : []),
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      script,
    ],
    {
      cwd: projectRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BENCH_DATABASE: JSON.stringify(database),
        BENCH_APP_MODULES: modules,
        BENCH_APP_EXT: fromSource ? '.ts' : '.js',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const waiting: Array<(value: unknown) => void> = [];
  const port = await new Promise<number>((resolvePort, reject) => {
    child.once('message', (m: { port?: number }) => (m.port ? resolvePort(m.port) : reject(new Error('no port'))));
    child.once('exit', (code) => reject(new Error(`The app process exited with ${code} before listening`)));
  });
  child.on('message', (m: { reply?: unknown }) => {
    if ('reply' in m) waiting.shift()?.(m.reply);
  });
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      rmSync(scratch, { recursive: true, force: true });
      done();
    }),
  );
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    from: fromSource ? 'source' : 'build',
    ask<Q extends Question>(question: Q) {
      return new Promise<Replies[Q]>((answer) => {
        waiting.push(answer as (value: unknown) => void);
        child.send({ question });
      });
    },
    async stop() {
      if (child.exitCode === null) child.send({ question: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
