import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';
import { insertUser } from '../server/features/auth/queries.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'porchfest-admin-'));
const databasePath = join(dir, 'admin.sqlite');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function admin(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/admin.ts', ...args], {
      env: { ...process.env, DATABASE_PATH: databasePath, DATABASE_URL: '' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function isAdmin(email: string) {
  const db = openDb({ databasePath });
  try {
    const row = await db.kysely
      .selectFrom('users')
      .select('is_admin')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    return row.is_admin;
  } finally {
    await db.close();
  }
}

describe('npm run admin', () => {
  it('grants and revokes admin by e-mail', async () => {
    const db = openDb({ databasePath });
    await migrate(db);
    const now = new Date();
    await insertUser(db.kysely, {
      name: 'Committee Chair',
      email: 'chair@example.test',
      password_hash: 'x',
      is_host: false,
      is_performer: false,
      created_at: now,
      updated_at: now,
    });
    await db.close();

    const grant = await admin('grant', 'Chair@Example.test');
    expect(grant.code).toBe(0);
    expect(grant.out).toContain('Granted admin for chair@example.test');
    expect(await isAdmin('chair@example.test')).toBe(true);

    expect((await admin('revoke', 'chair@example.test')).code).toBe(0);
    expect(await isAdmin('chair@example.test')).toBe(false);
  }, 60_000);

  it('says so when the account does not exist or the command is wrong', async () => {
    const missing = await admin('grant', 'nobody@example.test');
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('must register first');
    expect((await admin('promote', 'x@example.test')).code).toBe(2);
  }, 60_000);
});
