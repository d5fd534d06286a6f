import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PREVIEW_IMAGE } from '../../contract/page-previews.js';
import { buildApp } from '../app.js';
import { loadFestivalConfig } from '../features/festival/load.js';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/app.js';
import { buildHost, buildPerformer } from '../test/builders.js';
import { actBody, buildAct, buildVenue } from '../test/catalogue-builders.js';

/**
 * Link previews: the HTML served for a client route, read without running any script (as a chat
 * app or a social site does), names the page: its title, description, canonical address and
 * Open Graph / Twitter card tags.
 */
const PUBLIC_URL = 'https://porch.example.org';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const festival = loadFestivalConfig('festival.config.json');

let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // The web app's own index.html, as the build copies it (its head is what the server rewrites).
  const webRoot = mkdtempSync(join(tmpdir(), 'porchfest-previews-'));
  copyFileSync('web/index.html', join(webRoot, 'index.html'));
  app = await buildApp({ db: t.testDb.db, festival, jwtSecret: TEST_JWT_SECRET, publicUrl: PUBLIC_URL, webRoot });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

interface Head {
  title: string;
  titles: number;
  meta: (key: string) => string | null;
  metas: (key: string) => number;
  canonical: string | null;
}

async function fetchHead(url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url, headers });
  const { document } = new JSDOM(res.body).window;
  const selector = (key: string) => `meta[name="${key}"], meta[property="${key}"]`;
  const head: Head = {
    title: document.title,
    titles: document.querySelectorAll('title').length,
    meta: (key) => document.querySelector(selector(key))?.getAttribute('content') ?? null,
    metas: (key) => document.querySelectorAll(selector(key)).length,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  };
  return { res, head };
}

describe('link previews in the served HTML', () => {
  it('names an act: its name, the start of its bio as text, its first picture and its address, each once', async () => {
    const performer = await buildPerformer(t.app);
    const words = 'Fiddle tunes & <three-part> harmony from the front steps of Elm Street. '.repeat(4);
    const id = await buildAct(t.app, performer, {
      name: 'The "Stoop" Sisters & Co',
      bio: `<h2>Who we are</h2><p><img src="data:image/png;base64,${PNG}"></p><p>${words.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`,
    });
    const { res, head } = await fetchHead(`/acts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(head.title).toBe(`The "Stoop" Sisters & Co | ${festival.name}`);
    expect(head.titles).toBe(1);
    expect(head.meta('og:title')).toBe('The "Stoop" Sisters & Co');
    expect(head.meta('twitter:title')).toBe('The "Stoop" Sisters & Co');
    const description = head.meta('description') ?? '';
    expect(description.startsWith('Who we are Fiddle tunes & <three-part> harmony from the front steps')).toBe(true);
    expect(Array.from(description).length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    expect(head.meta('og:description')).toBe(description);
    expect(head.meta('twitter:description')).toBe(description);
    const media = await t.testDb.db.kysely.selectFrom('media').select('sha256').executeTakeFirstOrThrow();
    expect(head.meta('og:image')).toBe(`${PUBLIC_URL}/v1/media/${media.sha256}`);
    expect(head.meta('twitter:image')).toBe(head.meta('og:image'));
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.canonical).toBe(`${PUBLIC_URL}/acts/${id}`);
    expect(head.meta('og:url')).toBe(`${PUBLIC_URL}/acts/${id}`);
    expect(head.meta('og:site_name')).toBe(festival.name);
    for (const key of ['description', 'og:title', 'og:description', 'og:type', 'og:image'])
      expect(head.metas(key), key).toBe(1);
  });

  it("shows the festival's picture for an act whose bio has none, and a venue by its address", async () => {
    const performer = await buildPerformer(t.app);
    const act = await buildAct(t.app, performer, { name: 'Plain Folk', bio: '<p>Just songs.</p>' });
    const { head } = await fetchHead(`/acts/${act}`);
    expect(head.meta('description')).toBe('Just songs.');
    expect(head.meta('og:image')).toBe(`${PUBLIC_URL}${DEFAULT_PREVIEW_IMAGE.src}`);
    expect(head.meta('og:image:alt')).toBe(DEFAULT_PREVIEW_IMAGE.alt);

    const venue = await buildVenue(t.app, await buildHost(t.app), {
      address: '9 Maple Lane',
      bio: '<p>A deep porch with shade.</p>',
    });
    const venuePage = await fetchHead(`/venues/${venue}`);
    expect(venuePage.head.meta('og:title')).toBe('9 Maple Lane');
    expect(venuePage.head.meta('description')).toBe('A deep porch with shade.');
    expect(venuePage.head.canonical).toBe(`${PUBLIC_URL}/venues/${venue}`);
  });

  it('gives every static page, the schedule and the event page its own title, description and address', async () => {
    const seen = new Set<string>();
    for (const path of ['/', `/${festival.slug}`, '/about', '/faq', '/waivers', '/contact', '/schedule']) {
      const { res, head } = await fetchHead(path);
      expect(res.statusCode, path).toBe(200);
      expect(head.title, path).toContain(festival.name);
      expect(head.meta('og:title'), path).toBe(head.title);
      expect(head.meta('description'), path).toContain(festival.name);
      expect(head.canonical, path).toBe(`${PUBLIC_URL}${path}`);
      expect(head.meta('og:image'), path).toBe(`${PUBLIC_URL}${DEFAULT_PREVIEW_IMAGE.src}`);
      expect(seen.has(head.title), `${path} reuses a title`).toBe(false);
      seen.add(head.title);
    }
    expect((await fetchHead('/schedule')).head.title).toBe(`Schedule | ${festival.name}`);
  });

  it('falls back to the generic tags for an unknown act or venue, and still serves the app', async () => {
    const generic = (await fetchHead('/login')).head;
    for (const path of ['/acts/999999', '/venues/999999', '/acts/abc']) {
      const { res, head } = await fetchHead(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
      expect(head.title, path).toBe(generic.title);
      expect(head.meta('description'), path).toBe(generic.meta('description'));
      expect(head.canonical, path).toBeNull();
    }
  });

  it('is revalidated by a tag of its content: unchanged is a 304, an edit to the act changes it', async () => {
    const performer = await buildPerformer(t.app);
    const id = await buildAct(t.app, performer, { name: 'Before The Edit' });
    const first = await fetchHead(`/acts/${id}`);
    const etag = String(first.res.headers.etag);
    expect(first.res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
    const again = await app.inject({ method: 'GET', url: `/acts/${id}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/v1/acts/${id}`,
      headers: performer.auth,
      payload: actBody({ name: 'After The Edit' }),
    });
    expect(edit.statusCode).toBe(200);
    const changed = await fetchHead(`/acts/${id}`, { 'if-none-match': etag });
    expect(changed.res.statusCode).toBe(200);
    expect(changed.head.meta('og:title')).toBe('After The Edit');
    expect(changed.res.headers.etag).not.toBe(etag);
  });
});
