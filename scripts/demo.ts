// `npm run demo`: the app on its own demo database (data/demo.sqlite, never the real one), in
// Linden Falls, an invented town whose streets the server draws as the map's tiles (no tile
// server needed), filled on first run through the HTTP API as people would fill it in
// (scripts/demo/festival.ts): 60 porches along the town's streets, 120 acts of every genre with
// bios and a few drawn pictures, a schedule with some acts still looking for a host, and messages
// to owners. Mail is printed here, one line each with its links (a password reset's too). Prints
// the sign-in of a demo host, performer and admin. `npm run demo -- --fresh` starts over.
// See docs/decisions/0057-a-demo-town-with-its-own-street-plan.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import { SessionUserSchema } from '../contract/auth.js';
import { fromRoot } from '../server/lib/paths.js';
import { DEMO_PASSWORD, fillDemoFestival } from './demo/festival.js';
import { mailLine, readServerLog } from './demo/server-log.js';
import { CENTER, STREET_PLAN_FILE, TOWN, streetPlan } from './demo/town.js';

const DATABASE_PATH = 'data/demo.sqlite';
const CONFIG = 'data/demo.config.json';
const STATE = fromRoot('data', 'demo.json');
const PORT = process.env.PORT ?? '3000';
const base = `http://127.0.0.1:${PORT}`;
// Links in mail, and the map's tiles, name the address the demo is opened at.
const PUBLIC_URL = process.env.PUBLIC_URL ?? `http://localhost:${PORT}`;
const ADMIN = { name: 'Robin Committee', email: 'committee@example.org', password: DEMO_PASSWORD };

const SignInsSchema = z.object({
  host: z.object({ email: z.string(), password: z.string() }),
  performer: z.object({ email: z.string(), password: z.string() }),
  admin: z.object({ email: z.string(), password: z.string() }),
});
type SignIns = z.infer<typeof SignInsSchema>;

/**
 * The edition's configuration (festival.config.json) moved to Linden Falls: its town, and a map
 * of the town's own street plan, drawn by this server (STREET_PLAN) and named as demo data.
 */
function writeDemoConfig(): void {
  const festival = JSON.parse(readFileSync(fromRoot('festival.config.json'), 'utf8')) as Record<string, unknown>;
  const points = streetPlan().streets.flatMap((s) => s.points);
  const lats = points.map((p) => p[0]);
  const lngs = points.map((p) => p[1]);
  const margin = 0.01;
  const map = {
    center: [CENTER.latitude, CENTER.longitude],
    zoom: 16,
    bounds: [
      [Math.min(...lats) - margin, Math.min(...lngs) - margin],
      [Math.max(...lats) + margin, Math.max(...lngs) + margin],
    ],
    tile_url: `${PUBLIC_URL.replace(/\/$/, '')}/tiles/{z}/{x}/{y}.svg`,
    tile_attribution: 'Street plan: demo data',
  };
  mkdirSync(fromRoot('data'), { recursive: true });
  writeFileSync(fromRoot(CONFIG), JSON.stringify({ ...festival, town: TOWN, map }, null, 2));
}

async function waitForServer(): Promise<void> {
  // The first run builds the app before it serves (about a minute): allow several.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/v1/festival`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`The demo server did not answer on ${base}`);
}

async function post(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Exits with the child's status. */
const finished = (child: ReturnType<typeof spawn>) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

async function fill(): Promise<SignIns> {
  // The admin first, made an admin by `npm run admin` in another process while the fill goes on.
  SessionUserSchema.parse(await post('/v1/auth/signup', { ...ADMIN, roles: ['host'] }));
  const granting = finished(
    spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', ADMIN.email], {
      cwd: fromRoot(),
      env: { ...process.env, DATABASE_PATH },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  const { host, performer } = await fillDemoFestival(base, console.log);
  if ((await granting) !== 0) throw new Error('Could not make the demo admin an admin');
  return { host, performer, admin: { email: ADMIN.email, password: ADMIN.password } };
}

/** While the first fill runs, its mail (notices to the demo's people) is counted, not printed. */
const mail = { quiet: false, held: 0 };

/**
 * The server's log, read here (scripts/demo/server-log.ts): each mail as one line with its links,
 * warnings and errors as they are, the rest (requests, the start line) left out.
 */
function showServerLog(line: string): void {
  const read = readServerLog(line);
  if (read.kind === 'mail') {
    if (mail.quiet) mail.held++;
    else console.log(mailLine(read));
  } else if (read.kind !== 'other') console.log(read.text);
}

/**
 * The fill's mail (notices of the schedule, messages to owners) leaves within the mail worker's
 * next run or two (it looks every 2 s): counted until none has come for 2.5 s, then every mail is
 * printed.
 */
async function afterTheFillsMail(): Promise<void> {
  for (let last = -1; last !== mail.held;) {
    last = mail.held;
    await new Promise((r) => setTimeout(r, 2500));
  }
  mail.quiet = false;
  if (mail.held) console.log(`(The fill's ${mail.held} mails to the demo's people were not shown.)`);
}

async function main(): Promise<void> {
  const fresh = process.argv.includes('--fresh') || !existsSync(STATE);
  if (fresh) {
    for (const file of [DATABASE_PATH, `${DATABASE_PATH}-wal`, `${DATABASE_PATH}-shm`])
      rmSync(fromRoot(file), { force: true });
    rmSync(STATE, { force: true });
  }
  writeDemoConfig();
  // LOG_LEVEL set by hand: the server's log as it is. Otherwise the log at info, read by showServerLog.
  const rawLog = process.env.LOG_LEVEL !== undefined;
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: fromRoot(),
    env: {
      ...process.env,
      DATABASE_PATH,
      PORT,
      PUBLIC_URL,
      FESTIVAL_CONFIG: CONFIG,
      STREET_PLAN: STREET_PLAN_FILE,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // A host's change reaches the act's owner at once, so the demo shows the notice.
      NOTICE_DELAY_MS: process.env.NOTICE_DELAY_MS ?? '0',
    },
    stdio: ['ignore', rawLog ? 'inherit' : 'pipe', 'inherit'],
  });
  if (server.stdout) createInterface({ input: server.stdout }).on('line', showServerLog);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
  await waitForServer();
  let signIns: SignIns;
  if (existsSync(STATE)) signIns = SignInsSchema.parse(JSON.parse(readFileSync(STATE, 'utf8')));
  else {
    console.log(`Filling the demo festival in ${TOWN} through the API (a few seconds)…`);
    const started = performance.now();
    mail.quiet = true;
    signIns = await fill();
    writeFileSync(STATE, JSON.stringify(signIns, null, 2));
    console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    void afterTheFillsMail();
  }
  console.log(`\nThe demo festival is on ${PUBLIC_URL} (database: ${DATABASE_PATH}). Sign in as:`);
  for (const [role, { email, password }] of Object.entries(signIns))
    console.log(`  ${role.padEnd(9)} ${email}  ${password}`);
  console.log('Mail the app sends is printed here. Stop with Ctrl+C; `npm run demo -- --fresh` starts over.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
