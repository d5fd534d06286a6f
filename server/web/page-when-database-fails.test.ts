import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDb, type Db } from '../db/connection.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { buildHost, buildPerformer } from '../test/builders.js';
import { buildAct, buildVenue } from '../test/catalogue-builders.js';
import { createTestDb, testEngine, type TestDb } from '../test/database.js';

/**
 * Issue 27, item 5 (docs/decisions/0051): a page always answers as a page. When the database
 * fails under an act's or a venue's page (its link-preview lookup), the answer is still the app's
 * shell as HTML, with the festival's own preview, which the browser then draws (and shows its own
 * message for the failing read); never the database error's JSON 503 or 500.
 */
const festival = loadFestivalConfig('festival.config.json');

let testDb: TestDb;
/** The app's own connection, which the tests break; the test database stays for the clean-up. */
let db: Db;
let app: FastifyInstance;
let actId: number;
let venueId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  db = openDb(testDb.options);
  const webRoot = mkdtempSync(join(tmpdir(), 'porchfest-failing-db-'));
  copyFileSync('web/index.html', join(webRoot, 'index.html'));
  app = await buildApp({
    db,
    festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'https://porch.example.org',
    webRoot,
  });
  actId = await buildAct(app, await buildPerformer(app), { name: 'The Failing Reads' });
  venueId = await buildVenue(app, await buildHost(app), { address: '5 Fault Line Road' });
});
afterAll(async () => {
  await app?.close();
  await db?.close().catch(() => undefined);
  await testDb?.destroy();
});

/** The page at `path` is the app's shell: HTML with its root and the festival's own title. */
async function expectShell(path: string) {
  const res = await app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toMatch(/^<!doctype html>/i);
  expect(res.body).toContain('<div id="root"');
  expect(res.body).toMatch(/<title>[^<]*<\/title>/);
  return res;
}

describe(`a page whose database read fails (${testEngine})`, () => {
  it('is named by the act while the database answers', async () => {
    const res = await app.inject({ method: 'GET', url: `/acts/${actId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>The Failing Reads |');
  });

  it.runIf(testEngine === 'postgres')(
    'answers the shell while another connection holds the acts and venues tables locked (PostgreSQL)',
    async () => {
      const other = new pg.Client({ connectionString: (testDb.options as { databaseUrl: string }).databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('LOCK TABLE acts, venues IN ACCESS EXCLUSIVE MODE');
        // The API read itself fails (lock_timeout): the fault is real.
        expect((await app.inject({ method: 'GET', url: `/v1/acts/${actId}` })).statusCode).toBe(503);
        await expectShell(`/acts/${actId}`);
        await expectShell(`/venues/${venueId}`);
      } finally {
        await other.query('ROLLBACK').catch(() => undefined);
        await other.end();
      }
    },
  );

  it('answers the shell for an act and a venue once the database is gone (closed)', async () => {
    await db.close();
    const api = await app.inject({ method: 'GET', url: `/v1/acts/${actId}` });
    expect(api.statusCode).toBeGreaterThanOrEqual(500);
    const act = await expectShell(`/acts/${actId}`);
    expect(act.body).not.toContain('The Failing Reads');
    await expectShell(`/venues/${venueId}`);
    await expectShell(`/acts/${actId}?utm_source=newsletter`);
  });
});
