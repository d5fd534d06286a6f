import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewDescription } from '../../contract/page-previews.js';
import { ensureBuilt, projectRoot } from '../../e2e/support/server.js';
import { buildApp } from '../../server/app.js';
import { loadFestivalConfig } from '../../server/features/festival/load.js';
import { measureRichText } from '../../server/lib/rich-text.js';
import { TEST_JWT_SECRET } from '../../server/test/app.js';
import { buildHost, buildPerformer, type BuiltUser } from '../../server/test/builders.js';
import { venueBody } from '../../server/test/catalogue-builders.js';
import { createTestDb, type TestDb } from '../../server/test/database.js';
import { XSS_VECTORS } from './fixtures/xss-vectors.js';
import { isCleanPlainText } from '../../contract/text.js';

/**
 * Link previews (server/web/link-preview.ts) write act names, venue addresses and the text of
 * their bios into the <head> of the served HTML. Every vector of the corpus, as an act's name
 * and bio and as a venue's address and bio, is fetched over HTTP as a link-preview robot does
 * (no JavaScript) from the built app, parsed as a browser parses it, and must come back as the
 * same text in the same tags, with the page's structure and scripts exactly those of a harmless
 * page: nothing broke out of an attribute or the title, and nothing active was added. The page's
 * first view, which the server draws with the same name and bio (decision 0048), must show the
 * name as its heading and carry nothing active.
 */
const festival = loadFestivalConfig('festival.config.json');
let testDb: TestDb;
let app: FastifyInstance;
let baseUrl: string;
let performer: BuiltUser;
let host: BuiltUser;

beforeAll(async () => {
  ensureBuilt();
  testDb = await createTestDb();
  app = await buildApp({
    db: testDb.db,
    festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'https://porch.example.org',
    webRoot: join(projectRoot, 'dist', 'web'),
    // One host and one performer write every vector's venue and act: past the per-user write limit.
    rateRules: { catalogueWritesPerUser: { limit: 1_000_000, windowMinutes: 60, blockMinutes: 1 } },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  performer = await buildPerformer(app);
  host = await buildHost(app);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

/** The page as a browser's parser sees it: what each preview tag says, and the shape of everything else. */
async function parsed(path: string) {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status, path).toBe(200);
  const { document } = new JSDOM(await res.text()).window;
  // The page's first view, drawn by the server with the same names and bios (decision 0048): it
  // is checked on its own below; the rest of the page must stay exactly that of a harmless page.
  const root = document.getElementById('root');
  const drawn = root?.cloneNode(true);
  root?.replaceChildren();
  // When it was drawn differs from page to page.
  root?.removeAttribute('data-drawn-at');
  const headings = [...(drawn?.querySelectorAll('h1') ?? [])].map((h) => h.textContent);
  const active = [...(drawn?.querySelectorAll('script, iframe, object, embed, base, meta, link, form') ?? [])].map(
    (el) => el.tagName,
  );
  const scriptUrls = [...(drawn?.querySelectorAll('*') ?? [])].flatMap((el) =>
    [...el.attributes].filter((a) => /^\s*(javascript|vbscript|data:text)/i.test(a.value)).map((a) => a.name),
  );
  const meta = (key: string) =>
    [...document.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((m) =>
      m.getAttribute('content'),
    );
  // Every element with its attribute names, in document order: an escape would add to it.
  const shape = [...document.querySelectorAll('*')].map(
    (el) => `${el.tagName}[${[...el.attributes].map((a) => a.name).join(',')}]`,
  );
  // The start plan (JSON the app reads, never run) differs by page only in the reads it names.
  const scripts = [...document.querySelectorAll('script')].map((s) =>
    s.getAttribute('type') === 'application/json'
      ? `json|${planReads(s.textContent ?? '')}`
      : `${s.getAttribute('src')}|${s.textContent}`,
  );
  const handlers = [
    ...document.querySelectorAll('*'),
    ...(drawn ? [drawn, ...drawn.querySelectorAll('*')] : []),
  ].flatMap((el) => [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`));
  return {
    title: document.title,
    meta,
    shape,
    scripts,
    handlers,
    body: document.body.innerHTML,
    drawn: { present: Boolean(drawn?.hasChildNodes()), headings, active, scriptUrls },
  };
}

/** Whether a start plan is JSON naming only API reads: 'ok', else what is wrong. */
function planReads(text: string): string {
  try {
    const plan = JSON.parse(text) as { reads?: Array<{ path?: unknown }> };
    return plan.reads?.every((r) => typeof r.path === 'string' && r.path.startsWith('/v1/')) ? 'ok' : 'bad reads';
  } catch {
    return 'not JSON';
  }
}

/**
 * The vector where the plain field takes it as it is (its length, trimmed as the contract trims;
 * no control or direction-override characters, which the contract refuses: test/attacks/text-hygiene.test.ts), else a stand-in.
 */
const fit = (vector: string, max: number, standIn: string) => {
  const trimmed = vector.trim();
  return trimmed.length >= 1 && trimmed.length <= max && isCleanPlainText(vector) ? vector : standIn;
};

describe(`link previews of hostile names and bios (${XSS_VECTORS.length} vectors)`, () => {
  it('come back as the same text in the same tags, and add nothing that runs', async () => {
    const baseline = await parsed(
      `/acts/${(await post('/v1/acts', performer, actPayload('Harmless Act', '<p>Songs.</p>'))).id}`,
    );
    expect(baseline.handlers).toEqual([]);
    expect(baseline.scripts.every((s) => /^(\/assets\/[\w.-]+\.js\||json\|ok)$/.test(s))).toBe(true);
    expect(baseline.drawn).toEqual({ present: true, headings: ['Harmless Act'], active: [], scriptUrls: [] });
    const problems: string[] = [];
    for (const [i, { family, payload }] of XSS_VECTORS.entries()) {
      const at = `vector ${i} (${family})`;
      const bio = `<p>v${i}</p>${payload}`;
      const act = await post('/v1/acts', performer, actPayload(fit(payload, 100, `Vector Act ${i}`), bio));
      const venue = await post('/v1/venues', host, venueBody({ address: fit(payload, 200, `${i} Vector St`), bio }));
      for (const [where, path, name, storedBio] of [
        ['act', `/acts/${act.id}`, act.name, act.bio],
        ['venue', `/venues/${venue.id}`, venue.address, venue.bio],
      ] as const) {
        const page = await parsed(path);
        const description = previewDescription(measureRichText(storedBio).text);
        const expected: Record<string, string> = {
          'og:title': name,
          'twitter:title': name,
          description,
          'og:description': description,
          'twitter:description': description,
        };
        for (const [key, text] of Object.entries(expected)) {
          const found = page.meta(key);
          if (found.length !== 1 || found[0] !== text)
            problems.push(`${at} ${where} ${key}: ${JSON.stringify(found)} instead of ${JSON.stringify(text)}`);
        }
        // document.title strips and collapses ASCII white space.
        const title = `${name} | ${festival.name}`.replace(/[\t\n\f\r ]+/g, ' ').trim();
        if (page.title !== title) problems.push(`${at} ${where} title: ${JSON.stringify(page.title)}`);
        if (page.shape.join(' ') !== baseline.shape.join(' '))
          problems.push(`${at} ${where}: the page's elements changed`);
        if (page.scripts.join(' ') !== baseline.scripts.join(' ')) problems.push(`${at} ${where}: scripts changed`);
        if (page.handlers.length > 0) problems.push(`${at} ${where}: event handlers ${page.handlers.join(', ')}`);
        if (page.body !== baseline.body) problems.push(`${at} ${where}: the body changed`);
        // The drawn page: the name as its heading's text, nothing active, no script addresses.
        if (!page.drawn.present) problems.push(`${at} ${where}: not drawn by the server`);
        if (page.drawn.headings[0] !== name)
          problems.push(`${at} ${where}: heading ${JSON.stringify(page.drawn.headings)}`);
        if (page.drawn.active.length > 0) problems.push(`${at} ${where}: drawn ${page.drawn.active.join(', ')}`);
        if (page.drawn.scriptUrls.length > 0)
          problems.push(`${at} ${where}: script addresses in ${page.drawn.scriptUrls.join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
});

function actPayload(name: string, bio: string) {
  return {
    name,
    bio,
    type: 'folk',
    rain_date_available: true,
    preferred_slots: ['Slot 1'],
    size: 'one_to_three',
    sound_system: 'bring_own',
  };
}

async function post(url: string, user: BuiltUser, payload: object) {
  const res = await app.inject({ method: 'POST', url, headers: user.auth, payload });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(201);
  return res.json<{ id: number; name: string; address: string; bio: string }>();
}
