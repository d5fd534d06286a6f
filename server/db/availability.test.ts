import net from 'node:net';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import { createTestDb, testEngine } from '../test/database.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { openDb, type Db } from './connection.js';
import { isDatabaseUnavailable } from './availability.js';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
async function startCuttableProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      up = false;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    restore() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('database unavailable', () => {
  it('classifies busy, locked and unreachable errors, and not others', () => {
    expect(isDatabaseUnavailable({ code: 'SQLITE_BUSY' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
  });

  it(`answers 503 with Retry-After while ${testEngine} is unavailable, and recovers without a restart`, async () => {
    const testDb = await createTestDb();
    cleanups.push(() => testDb.destroy());
    let db: Db = testDb.db;
    let makeUnavailable: () => void;
    let makeAvailable: () => void;

    if ('databasePath' in testDb.options) {
      // Another process holding SQLite's write lock: our writes wait DB_LOCK_WAIT_MS, then fail.
      const other = new SQLite(testDb.options.databasePath);
      cleanups.push(() => {
        other.close();
      });
      other.pragma('busy_timeout = 0');
      makeUnavailable = () => other.exec('BEGIN EXCLUSIVE');
      makeAvailable = () => other.exec('COMMIT');
    } else {
      const proxy = await startCuttableProxy(new URL(testDb.options.databaseUrl));
      cleanups.push(() => proxy.close());
      const url = new URL(testDb.options.databaseUrl);
      url.host = `127.0.0.1:${proxy.port}`;
      db = openDb({ databaseUrl: url.toString() });
      cleanups.push(() => db.close());
      makeUnavailable = () => proxy.cut();
      makeAvailable = () => proxy.restore();
    }

    const app = await buildApp({
      db,
      festival: loadFestivalConfig('festival.config.json'),
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://porchfest.test',
      webRoot: '/nonexistent',
    });
    cleanups.push(() => app.close());
    const signup = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { name: 'Casey Busy', email: `busy${n}@example.test`, password: 'Busy-pass1', roles: ['host'] },
      });

    expect((await signup(1)).statusCode).toBe(201);
    makeUnavailable();
    const started = Date.now();
    const res = await signup(2);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'service_unavailable' });
    // The lock wait is 1 s (DB_LOCK_WAIT_MS); the unreachable server fails as the connection does.
    expect(Date.now() - started).toBeLessThan(3_000);
    makeAvailable();
    expect((await signup(3)).statusCode).toBe(201);
  }, 30_000);
});
