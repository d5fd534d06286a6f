import { copyFileSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testEngine } from '../test/database.js';
import { createTestApp, TEST_JWT_SECRET, TestClock, type TestApp } from '../test/app.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../test/builders.js';
import { actBody, buildAct, buildVenue, scheduleAct } from '../test/catalogue-builders.js';
import { KeptAnswers, keptAnswer, SHARED_PAGE } from './kept-answers.js';

/**
 * Issue 26, items 1 and 2 (docs/decisions/0058): public answers kept as final bytes and sent before
 * the routes, found by the database's counters. Through a listening server, as a phone reaches it:
 * a hook counts the requests that reach Fastify's routes, so an answer sent from the kept bytes is
 * one the routes never saw (no read, no drawing, no hashing, no compression).
 */
let t: TestApp;
let app: FastifyInstance;
let base: string;
let routed: string[] = [];
let admin: BuiltUser;
let host: BuiltUser;
let actId: number;
const clock = new TestClock(new Date('2025-05-01T12:00:10.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock });
  const webRoot = mkdtempSync(join(tmpdir(), 'porchfest-kept-'));
  copyFileSync('web/index.html', join(webRoot, 'index.html'));
  app = await buildApp({
    db: t.testDb.db,
    festival: t.app.deps.festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://porchfest.test',
    clock,
    webRoot,
  });
  app.addHook('onRequest', async (request) => {
    routed.push(request.url);
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  admin = await buildAdmin(t.app);
  host = await buildHost(t.app);
  const performer = await buildPerformer(t.app);
  const venueId = await buildVenue(t.app, host, { address: '14 Kept Lane' });
  actId = await buildAct(t.app, performer, { name: 'The Kept Answers' });
  await scheduleAct(t.app, venueId, 'Slot 1', actId);
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}`, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** Asks for `path` once more and says whether the routes saw it. */
async function reachedRoutes(path: string, headers: Record<string, string> = {}) {
  routed = [];
  const res = await get(path, headers);
  return { res, routed: routed.includes(path) };
}

describe(`kept answers (${testEngine})`, () => {
  it('sends an unchanged page and the public schedule without reaching the routes, and a 304 too', async () => {
    for (const path of ['/about', '/v1/schedule']) {
      await get(path, { 'accept-encoding': 'br' });
      // The schedule's brotli copy is made a moment after its render; the next answer keeps it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await get(path, { 'accept-encoding': 'br' });
      const again = await reachedRoutes(path, { 'accept-encoding': 'br' });
      expect(again.routed, `${path} reached the routes`).toBe(false);
      expect(again.res.status).toBe(200);
      const etag = again.res.headers.get('etag')!;
      const notModified = await reachedRoutes(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(notModified.res.status).toBe(304);
      expect(notModified.routed).toBe(false);
      // The security headers, as the routes send them.
      expect(again.res.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.res.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('says how long a shared cache may keep a public answer, and never keeps a signed-in one', async () => {
    const page = await get('/about', { 'accept-encoding': 'gzip' });
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    expect(page.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(page.headers.get('content-encoding')).toBe('gzip');
    const schedule = await get('/v1/schedule');
    expect(schedule.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    for (const path of ['/v1/festival', '/v1/announcements', '/v1/acts', '/v1/venues'])
      expect((await get(path)).headers.get('cache-control'), path).toBe('public, max-age=0, s-maxage=10');

    // The same paths with Authorization: always the routes, never stored by anyone.
    for (const path of ['/about', '/v1/schedule', '/v1/acts', '/v1/venues', '/v1/festival']) {
      const signedIn = await reachedRoutes(path, host.auth);
      expect(signedIn.routed, `${path} with Authorization`).toBe(true);
      expect(signedIn.res.headers.get('cache-control'), path).toBe('no-store');
    }
    // A cross-origin read: its CORS headers are the routes' to write.
    expect((await reachedRoutes('/about', { origin: 'https://elsewhere.example' })).routed).toBe(true);
    // A personal or admin answer.
    expect((await get('/v1/admin/settings', admin.auth)).headers.get('cache-control')).toBe('no-store');
  });

  it('sends a changed answer once the counters change: an edit, an announcement, the rain switch', async () => {
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'an edit',
        () =>
          t.app.inject({
            method: 'PATCH',
            url: `/v1/acts/${actId}`,
            headers: admin.auth,
            payload: actBody({ name: 'The Kept Answers Renamed' }),
          }),
      ],
      [
        'an announcement',
        () =>
          t.app.inject({
            method: 'POST',
            url: '/v1/admin/announcements',
            headers: admin.auth,
            payload: {
              text: 'Lemonade on Kept Lane',
              level: 'info',
              starts_at: new Date(clock.now().getTime() - 60_000).toISOString(),
              ends_at: new Date(clock.now().getTime() + 3_600_000).toISOString(),
            },
          }),
      ],
      [
        'the rain switch',
        () =>
          t.app.inject({
            method: 'PUT',
            url: '/v1/admin/settings/rain-date',
            headers: admin.auth,
            payload: { active: true },
          }),
      ],
    ];
    for (const [change, make] of changes) {
      await get('/about');
      expect((await reachedRoutes('/about')).routed).toBe(false);
      const res = (await make()) as { statusCode: number; body: string };
      expect(res.statusCode, `${change}: ${res.body}`).toBeLessThan(300);
      expect((await reachedRoutes('/about')).routed, `after ${change}`).toBe(true);
      expect((await reachedRoutes('/about')).routed, `after ${change}, again`).toBe(false);
      // The public schedule shows the edit at once (and, on the rain date, leaves out the act,
      // which cannot come that day).
      if (change === 'an edit') expect((await get('/v1/schedule')).body).toContain('The Kept Answers Renamed');
      if (change === 'the rain switch') expect((await get('/v1/schedule')).body).not.toContain('The Kept Answers');
    }
  });

  it('draws a page again at the next minute, keeping its tag when nothing it shows changed', async () => {
    const first = await get('/about');
    clock.advanceMinutes(1);
    const next = await reachedRoutes('/about');
    expect(next.routed).toBe(true);
    expect(next.res.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('keeps what people read when memory is short: a flood of addresses asked for once goes first', async () => {
    // 10 kept answers of 2,000 bytes fit; the front lane of its own, on a server of its own.
    const kept = new KeptAnswers({
      db: t.testDb.db,
      clock,
      securityHeaders: {},
      hsts: '',
      trustProxy: false,
      cors: false,
      maxBytes: 20_000,
    });
    const page = (text: string) =>
      keptAnswer({
        versions: {},
        expiresAt: Number.POSITIVE_INFINITY,
        hash: text,
        weak: true,
        contentType: 'text/html; charset=utf-8',
        cacheControl: SHARED_PAGE,
        identity: Buffer.alloc(1000, text),
        gzip: Buffer.alloc(500),
        br: Buffer.alloc(500),
      });
    const server: Server = createServer((req, res) =>
      kept.handle(req, res, () => {
        res.writeHead(404);
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const status = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`)).status;
    try {
      kept.keep('/schedule', page('schedule'));
      expect(await status('/schedule')).toBe(200);
      for (let i = 0; i < 30; i++) kept.keep(`/acts?search=flood-${i}`, page(`flood-${i}`));
      expect(kept.size.bytes).toBeLessThanOrEqual(20_000);
      // The page read again stays; the oldest of the flood went.
      expect(await status('/schedule')).toBe(200);
      expect(await status('/acts?search=flood-0')).toBe(404);
      expect(await status('/acts?search=flood-29')).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
