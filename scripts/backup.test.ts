import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/app.js';
import { openDb } from '../server/db/connection.js';
import { loadFestivalConfig } from '../server/features/festival/load.js';
import { createTestDb, testEngine } from '../server/test/database.js';
import { TEST_JWT_SECRET } from '../server/test/app.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'porchfest-backup-'));
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run backup', () => {
  it(`copies the ${testEngine} database while the app writes, and the app boots from the copy`, async () => {
    const source = await createTestDb();
    cleanups.push(() => source.destroy());
    const festival = loadFestivalConfig('festival.config.json');
    const app = await buildApp({
      db: source.db,
      festival,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://x.test',
      webRoot: '/none',
      rateRules: { signupPerAddress: { limit: 10_000, windowMinutes: 1, blockMinutes: 1 } },
    });
    cleanups.push(() => app.close());
    const signup = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { name: `Backup Person ${n}`, email: `b${n}@example.test`, password: 'Backup-pass1', roles: ['host'] },
      });
    for (let n = 0; n < 5; n++) expect((await signup(n)).statusCode).toBe(201);

    const env: NodeJS.ProcessEnv =
      'databasePath' in source.options
        ? { ...process.env, DATABASE_PATH: source.options.databasePath, DATABASE_URL: '' }
        : { ...process.env, DATABASE_URL: source.options.databaseUrl };
    const target = join(dir, testEngine === 'sqlite' ? 'copy.sqlite' : 'copy.dump');
    // Writes keep coming while the backup runs.
    let writing = true;
    let n = 100;
    const writer = (async () => {
      while (writing) await signup(n++);
    })();
    const { stdout } = await run('npx', ['tsx', 'scripts/backup.ts', target], { env });
    writing = false;
    await writer;
    expect(stdout).toContain(`Backup written to ${target}`);

    let restored;
    if (testEngine === 'sqlite') {
      restored = openDb({ databasePath: target });
    } else {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `pf_restore_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const result = spawnSync('pg_restore', ['--no-owner', `--dbname=${url.href}`, target], { encoding: 'utf8' });
      expect(result.status, result.stderr).toBe(0);
      restored = openDb({ databaseUrl: url.toString() });
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
    }
    cleanups.push(() => restored.close());
    const copyApp = await buildApp({
      db: restored,
      festival,
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://x.test',
      webRoot: '/none',
    });
    cleanups.push(() => copyApp.close());
    const signin = await copyApp.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      payload: { email: 'b3@example.test', password: 'Backup-pass1' },
    });
    expect(signin.statusCode).toBe(200);
    const users = await restored.kysely.selectFrom('users').select('email').execute();
    expect(users.length).toBeGreaterThanOrEqual(5);
  }, 120_000);
});
