import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import { TEST_JWT_SECRET } from '../test/app.js';
import { createTestDb, type TestDb } from '../test/database.js';
import { loadStreetPlan } from './street-tiles.js';

/**
 * Map tiles drawn from a street plan (docs/decisions/0057): the demo town's plan, served at
 * /tiles/{z}/{x}/{y}.svg when STREET_PLAN names one, and no such route when it does not.
 */
const festival = loadFestivalConfig('festival.config.json');
const plan = loadStreetPlan('scripts/demo/street-plan.json');

/** The tile holding a point at zoom z (web Mercator, as Leaflet cuts them). */
function tileAt(latitude: number, longitude: number, z: number): [number, number] {
  const sin = Math.sin((latitude * Math.PI) / 180);
  const x = ((longitude + 180) / 360) * 2 ** z;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * 2 ** z;
  return [Math.floor(x), Math.floor(y)];
}

// A point on Main Street, the town's middle.
const [mainLat, mainLng] = plan.streets.find((s) => s.name === 'Main Street')!.points[0]!;
const middle = { latitude: mainLat, longitude: mainLng + 0.008 };

let testDb: TestDb;
let app: FastifyInstance;
let plain: FastifyInstance;
beforeAll(async () => {
  testDb = await createTestDb();
  const options = { db: testDb.db, festival, jwtSecret: TEST_JWT_SECRET, publicUrl: 'http://porchfest.test' };
  app = await buildApp({ ...options, webRoot: '/nonexistent', streetPlan: plan });
  plain = await buildApp({ ...options, webRoot: '/nonexistent' });
});
afterAll(async () => {
  await app?.close();
  await plain?.close();
  await testDb?.destroy();
});

describe('GET /tiles/{z}/{x}/{y}.svg', () => {
  it("draws the town's streets, their names and the cache headers at the town's middle", async () => {
    const [x, y] = tileAt(middle.latitude, middle.longitude, 17);
    const res = await app.inject({ method: 'GET', url: `/tiles/17/${x}/${y}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="256" height="256"/);
    expect(res.body).toContain('<path d="M');
    expect(res.body).toContain('>Main Street</text>');
    // No script, no outside reference: a picture only.
    expect(res.body).not.toMatch(/<script|href=|on\w+=/i);

    const again = await app.inject({
      method: 'GET',
      url: `/tiles/17/${x}/${y}.svg`,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('writes no names when zoomed out, but still the streets', async () => {
    const [x, y] = tileAt(middle.latitude, middle.longitude, 13);
    const res = await app.inject({ method: 'GET', url: `/tiles/13/${x}/${y}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<path d="M');
    expect(res.body).not.toContain('<text');
  });

  it('answers a tile far from the town with an empty but valid picture', async () => {
    const [x, y] = tileAt(51.5, -0.12, 17);
    const res = await app.inject({ method: 'GET', url: `/tiles/17/${x}/${y}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<svg [^>]*><rect width="256" height="256" fill="#[0-9a-f]{6}"\/><\/svg>$/);
  });

  it.each([
    ['/tiles/20/0/0.svg', 'z'],
    ['/tiles/-1/0/0.svg', 'z'],
    ['/tiles/two/0/0.svg', 'z'],
    ['/tiles/3/8/0.svg', 'x'],
    ['/tiles/3/0/8.svg', 'y'],
    ['/tiles/3/1.5/0.svg', 'x'],
  ])('refuses %s naming %s', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed', fields: { [field]: expect.any(String) } });
  });

  it('has no tiles without a street plan', async () => {
    const res = await plain.inject({ method: 'GET', url: '/tiles/17/0/0.svg' });
    expect(res.statusCode).toBe(404);
  });
});
