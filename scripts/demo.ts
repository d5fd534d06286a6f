// `npm run demo`: the app on its own demo database (data/demo.sqlite, never the real one), filled
// on first run with a believable festival through the HTTP API, as people would fill it in: about
// 60 porches, 120 acts of every genre with bios and pictures drawn by test/support/festival-seed.ts,
// a schedule with a few acts still looking for a host, and some messages to owners. Prints the
// sign-in of a demo host, performer and admin. `npm run demo -- --fresh` starts over.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { SessionUserSchema } from '../contract/auth.js';
import { fromRoot } from '../server/lib/paths.js';
import { SEED_PASSWORD, seedFestival } from '../test/support/festival-seed.js';

const DATABASE_PATH = 'data/demo.sqlite';
const STATE = fromRoot('data', 'demo.json');
const PORT = process.env.PORT ?? '3000';
const base = `http://127.0.0.1:${PORT}`;
const ADMIN = { name: 'Robin Committee', email: 'committee@demo.porchfest.test', password: SEED_PASSWORD };

const SignInsSchema = z.object({
  host: z.object({ email: z.string(), password: z.string() }),
  performer: z.object({ email: z.string(), password: z.string() }),
  admin: z.object({ email: z.string(), password: z.string() }),
});
type SignIns = z.infer<typeof SignInsSchema>;

const MESSAGES = [
  'Hi! We play mostly acoustic sets and bring our own small amp. Could we have your 1pm slot?',
  'We love your porch. Our trio needs about two metres of space and one outlet. Any slot is fine.',
  'Would you have room for us in the afternoon? We are family-friendly and quite loud in a good way.',
  'We would be honoured to play at your place. We can also lend chairs to the neighbours.',
];

async function waitForServer(): Promise<void> {
  // The first run builds the app before it serves: allow it several minutes.
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

async function post(path: string, body: unknown, token?: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function fill(): Promise<SignIns> {
  // The porches sit around Ithaca's Fall Creek, where the first Porchfest was played.
  const festival = await seedFestival(base, {
    venues: 60,
    acts: 120,
    sets: 108,
    seed: 2026,
    log: console.log,
    around: { latitude: 42.4497, longitude: -76.4939 },
  });
  // Messages to owners: performers asking porches, hosts inviting acts still looking for one.
  for (let i = 0; i < 12; i++) {
    const performer = festival.performers[i % festival.performers.length]!;
    const venue = festival.venues[(i * 5) % festival.venues.length]!;
    const message = `<p>${MESSAGES[i % MESSAGES.length]!}</p>`;
    await post('/v1/comments', { message, entity_id: venue.id, entity_type: 'venue' }, performer.token);
    const host = festival.hosts[i % festival.hosts.length]!;
    const act = festival.acts[festival.acts.length - 1 - i]!;
    const invitation = `<p>Your music would be perfect for our street. Would you play on our porch at ${venue.address}?</p>`;
    await post('/v1/comments', { message: invitation, entity_id: act.id, entity_type: 'act' }, host.token);
  }
  SessionUserSchema.parse(await post('/v1/auth/signup', { ...ADMIN, roles: ['host'] }));
  const granted = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', ADMIN.email], {
    cwd: fromRoot(),
    env: { ...process.env, DATABASE_PATH },
    stdio: 'inherit',
  });
  if (granted.status !== 0) throw new Error('Could not make the demo admin an admin');
  const host = festival.hosts[0]!;
  const performer = festival.performers[0]!;
  return {
    host: { email: host.email, password: host.password },
    performer: { email: performer.email, password: performer.password },
    admin: { email: ADMIN.email, password: ADMIN.password },
  };
}

async function main(): Promise<void> {
  if (process.argv.includes('--fresh') || !existsSync(STATE)) {
    for (const file of [DATABASE_PATH, `${DATABASE_PATH}-wal`, `${DATABASE_PATH}-shm`])
      rmSync(fromRoot(file), { force: true });
    rmSync(STATE, { force: true });
  }
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: fromRoot(),
    env: { ...process.env, DATABASE_PATH, PORT, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: 'inherit',
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
  await waitForServer();
  let signIns: SignIns;
  if (existsSync(STATE)) signIns = SignInsSchema.parse(JSON.parse(readFileSync(STATE, 'utf8')));
  else {
    console.log('Filling the demo festival through the API (a few minutes the first time)…');
    signIns = await fill();
    writeFileSync(STATE, JSON.stringify(signIns, null, 2));
  }
  console.log(`\nThe demo festival is on http://localhost:${PORT} (database: ${DATABASE_PATH}). Sign in as:`);
  for (const [role, { email, password }] of Object.entries(signIns))
    console.log(`  ${role.padEnd(9)} ${email}  ${password}`);
  console.log('Stop with Ctrl+C; `npm run demo -- --fresh` starts the festival over.');
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
