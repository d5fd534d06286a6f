import qrcode from 'qrcode';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FestivalConfig } from '../contract/festival.js';
import { buildApp } from './app.js';
import { migrate } from './db/migrate.js';
import { loadFestivalConfig, parseFestivalConfig } from './features/festival/load.js';
import { TEST_JWT_SECRET } from './test/app.js';
import { useTestApp } from './test/use-test-app.js';
import { parseEnv } from './env.js';

const { t } = useTestApp({});

describe('GET /v1/festival', () => {
  it('serves the edition from festival.config.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/festival' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...loadFestivalConfig('festival.config.json'),
      // The committee's switches as they start: dry weather, the configuration's release time
      // (2025-05-01 00:00 in New York).
      rain_date_active: false,
      schedule_release_at: '2025-05-01T04:00:00.000Z',
      zone_table: expect.objectContaining({ time_zone: 'America/New_York' }),
    });
    // New York's clocks do not change around the festival's days: one span, EDT, four hours behind.
    expect(res.json().zone_table.spans).toEqual([
      { from: res.json().zone_table.from, offset_minutes: -240, abbreviation: 'EDT' },
    ]);
  });
});

describe('festival configuration', () => {
  const good = () => structuredClone(loadFestivalConfig('festival.config.json')) as Record<string, unknown>;

  it('names the bad field', () => {
    expect(() => parseFestivalConfig({ ...good(), committee_email: 'not-an-email' })).toThrow(/committee_email/);
    expect(() => parseFestivalConfig({ ...good(), slots: [] })).toThrow(/slots/);
    expect(() => parseFestivalConfig({ ...good(), event: { date: '14 June', start: '12:00', end: '17:30' } })).toThrow(
      /event\.date/,
    );
    const { name: _name, ...noName } = good();
    expect(() => parseFestivalConfig(noName)).toThrow(/name/);
  });
});

describe('environment', () => {
  it('requires JWT_SECRET in production and names bad values', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const secret = 'x'.repeat(32);
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret })).toThrow(/SMTP_URL.*MAIL_TO_LOG=true/);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret, MAIL_TO_LOG: 'true' }).MAIL_TO_LOG).toBe(true);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: secret, SMTP_URL: 'smtp://mail:587' }).MAIL_TO_LOG).toBe(
      false,
    );
    expect(() => parseEnv({ MAIL_TO_LOG: 'yes' })).toThrow(/MAIL_TO_LOG/);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(parseEnv({}).MAIL_RATE_PER_HOUR).toBeUndefined();
    expect(parseEnv({ MAIL_RATE_PER_HOUR: '450' }).MAIL_RATE_PER_HOUR).toBe(450);
    expect(() => parseEnv({ MAIL_RATE_PER_HOUR: '0' })).toThrow(/MAIL_RATE_PER_HOUR: must be at least 1/);
    expect(() => parseEnv({ MAIL_RATE_PER_HOUR: '12.5' })).toThrow(/MAIL_RATE_PER_HOUR/);
    expect(parseEnv({})).toMatchObject({
      NOTICE_DELAY_MS: 300_000,
      NOTICE_MAX_WAIT_MS: 1_800_000,
      NOTICE_CAP_PER_HOUR: 10,
    });
    expect(parseEnv({ NOTICE_DELAY_MS: '0', NOTICE_CAP_PER_HOUR: '3' })).toMatchObject({
      NOTICE_DELAY_MS: 0,
      NOTICE_CAP_PER_HOUR: 3,
    });
    expect(() => parseEnv({ NOTICE_DELAY_MS: '-1' })).toThrow(/NOTICE_DELAY_MS: must be at least 0/);
    expect(() => parseEnv({ NOTICE_CAP_PER_HOUR: '0' })).toThrow(/NOTICE_CAP_PER_HOUR: must be at least 1/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(parseEnv({}).PORT).toBe(3000);
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
  });
});

describe('HTTP behaviour shared by every route', () => {
  it('answers malformed JSON with a 400 JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation_failed' });
    expect(typeof res.json().error).toBe('string');
  });

  it('answers a body over the limit with a 413 JSON error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('answers a body that is not an object with a 400 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toBeDefined();
  });

  it('drops NUL characters from bodies and queries instead of failing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { name: 'Nul\u0000 Person', email: 'nul@example.test', password: 'Nul-pass1\u0000', roles: ['host'] },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('Nul Person');
    const list = await t.app.inject({ method: 'GET', url: '/v1/venues?search=a%00b' });
    expect(list.statusCode).toBe(200);
  });

  it('compresses large JSON responses for clients that accept it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('sets security headers on API responses', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/festival' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/auth/signin', '/v1/auth/signup', '/v1/festival']),
    );
  });
});

describe('the web app', () => {
  it('serves index.html for client routes with a CSP, and JSON 404s under /v1', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'porchfest-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><!-- app-head --><title>app</title><!-- /app-head --><!-- app-html --><div id="root"></div><!-- /app-html -->',
    );
    const app = await buildApp({
      db: t.testDb.db,
      festival: loadFestivalConfig('festival.config.json'),
      jwtSecret: TEST_JWT_SECRET,
      publicUrl: 'http://porchfest.test',
      webRoot,
    });
    try {
      for (const path of ['/', '/venues/12/edit', '/resetpass?email=a%40b.c&token=x']) {
        const res = await app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
        const csp = String(res.headers['content-security-policy']);
        for (const directive of [
          "object-src 'none'",
          "base-uri 'none'",
          "frame-ancestors 'none'",
          "script-src 'self'",
        ]) {
          expect(csp).toContain(directive);
        }
      }
      const api = await app.inject({ method: 'GET', url: '/v1/venuez' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await app.close();
    }
  });
});

/** The app serving a build in miniature at `webRoot` (the tests below write one). */
const appServing = (festival: FestivalConfig, webRoot: string, extra: Partial<Parameters<typeof buildApp>[0]> = {}) =>
  buildApp({
    db: t.testDb.db,
    festival,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'http://porchfest.test',
    webRoot,
    ...extra,
  });

describe("the web app's landing pages", () => {
  // A build in miniature: index.html loading the entry chunk, and a manifest naming the home and
  // event screens' chunks (as `vite build` writes them).
  const festival = { ...loadFestivalConfig('festival.config.json'), slug: 'elmfest' };
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'porchfest-web-'));
    mkdirSync(join(webRoot, '.vite'));
    mkdirSync(join(webRoot, 'assets'));
    // Long enough to be worth compressing (responses under 1 KB are sent as they are).
    const head = `<!-- app-head --><meta name="description" content="${'A festival. '.repeat(100)}"><!-- /app-head --><script type="module" crossorigin src="/assets/index-1.js"></script>`;
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><html><head>${head}</head><body><!-- app-html --><div id="root"></div><!-- /app-html --></body></html>`,
    );
    // The server build's route table, in miniature: the home page, and the festival's own page at
    // its slug only (web/app/first-view.ts).
    const entry = join(webRoot, '..', 'entry-server.mjs');
    writeFileSync(
      entry,
      `export function pageOf(pathname, search, slug) {
        if (pathname === '/') return { screen: 'features/public/routes/home.tsx' };
        if (pathname === '/about') return { screen: 'features/public/routes/about.tsx' };
        if (/^\\/[^/]+$/.test(pathname) && pathname.slice(1) === slug) return { screen: 'features/public/routes/event.tsx' };
        return undefined;
      }
      export async function renderFirstView() { return undefined; }`,
    );
    writeFileSync(join(webRoot, 'assets', 'index-1.js'), 'console.log(1)');
    writeFileSync(join(webRoot, 'assets', 'index-1.js.map'), '{"version":3}');
    writeFileSync(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-3.js'] },
        '_shared-3.js': { file: 'assets/shared-3.js' },
        '_text-4.js': { file: 'assets/text-4.js', imports: ['_shared-3.js'] },
        'features/public/routes/home.tsx': {
          file: 'assets/home-2.js',
          isDynamicEntry: true,
          imports: ['index.html', '_text-4.js'],
          css: ['assets/home-2.css'],
        },
        'features/public/routes/event.tsx': {
          file: 'assets/event-5.js',
          isDynamicEntry: true,
          imports: ['index.html'],
        },
      }),
    );
    app = await appServing(festival, webRoot, { firstViewEntry: entry });
  });
  afterAll(() => app.close());

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    return res.body;
  };

  it("asks for the home screen's code, CSS and first carousel picture up front on /", async () => {
    const html = await page('/');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-2.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/text-4.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home-2.css">');
    expect(html).toContain(`<link rel="preload" as="image" href="${festival.carousel[0]!.src}" fetchpriority="high">`);
    // What the entry already loads, or shares with it, is not asked for twice.
    expect(html).not.toContain('modulepreload" crossorigin href="/assets/shared-3.js"');
    expect(html.indexOf('home-2.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it("asks for the event screen's code on the configured slug, and nothing extra elsewhere", async () => {
    expect(await page('/elmfest')).toContain('href="/assets/event-5.js"');
    for (const url of ['/porchfest', '/about', '/venues/3/edit', '/profile/ada@example.com']) {
      const html = await page(url);
      expect(html, url).not.toContain('modulepreload');
    }
  });

  it('sends the page compressed when the browser accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
  });

  it("draws the printed schedule's QR code for the configured public address, as a PNG", async () => {
    const res = await app.inject({ method: 'GET', url: '/schedule-qr.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // The code for http://porchfest.test/schedule, four modules of quiet zone, ten pixels a module
    // (the IHDR chunk's width and height), and the same image as the library draws for it.
    const { modules } = qrcode.create('http://porchfest.test/schedule', { errorCorrectionLevel: 'M' });
    const side = (modules.size + 8) * 10;
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([side, side]);
    const expected = await qrcode.toBuffer('http://porchfest.test/schedule', {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 4,
      scale: 10,
    });
    expect(png.equals(expected)).toBe(true);
  });

  it('answers a missing script, a source map or the manifest with a JSON 404, not the page', async () => {
    for (const url of ['/assets/index-0.js', '/assets/index-1.js.map', '/.vite/manifest.json', '/images/none.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/index-1.js' })).statusCode).toBe(200);
  });
});

describe('a page the server draws first (decision 0048)', () => {
  // A build in miniature, with a server build of the app that draws /acts and /acts/{id} from their
  // reads and fails on /venues.
  const festival = loadFestivalConfig('festival.config.json');
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'porchfest-first-view-'));
    const webRoot = join(root, 'web');
    mkdirSync(join(webRoot, '.vite'), { recursive: true });
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><!-- app-head --><title>app</title><!-- /app-head -->' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/shared-3.js">\n' +
        '</head><body><!-- app-html --><div id="root"></div><noscript>app</noscript><!-- /app-html --></body></html>',
    );
    writeFileSync(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-3.js'] },
        'start-app.ts': { file: 'assets/start-app-9.js', isEntry: true },
        '_shared-3.js': { file: 'assets/shared-3.js' },
        'features/acts/routes/act-list.tsx': { file: 'assets/act-list-4.js', imports: ['index.html'] },
      }),
    );
    const entry = join(root, 'entry-server.mjs');
    writeFileSync(
      entry,
      `export function pageOf(pathname) {
        const screen = 'features/acts/routes/act-list.tsx';
        const drawn = (reads) => ({ screen, drawn: { reads, address: pathname } });
        if (pathname === '/acts') return drawn([{ key: ['festival'], path: '/v1/festival' }, { key: ['acts', 'pages'], path: '/v1/acts?limit=1', paged: true }]);
        if (pathname.startsWith('/acts/')) return drawn([{ key: ['acts', 'detail'], path: '/v1' + pathname }]);
        if (pathname === '/venues') return drawn([{ key: ['festival'], path: '/v1/festival' }]);
        if (pathname === '/broken') return { screen, drawn: { reads: [{ key: ['x'], path: '/not-the-api' }], address: pathname } };
        return undefined;
      }
      export async function renderFirstView(url, { answers, sanitize }) {
        if (url.startsWith('/venues')) throw new Error('cannot draw this');
        return '<main><h1>' + answers[0].name + '</h1>' + sanitize('<p onclick="steal()">bio<img src="https://example.org/a.png" onerror="steal()"></p>') + '</main>';
      }`,
    );
    app = await appServing(festival, webRoot, { firstViewEntry: entry });
  });
  afterAll(() => app.close());

  const page = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const startPlan = (html: string) =>
    JSON.parse(/<script type="application\/json" id="app-start">(.*?)<\/script>/.exec(html)![1]!) as {
      entry: string;
      modules: string[];
      reads: unknown[];
    };

  it("sends /acts drawn, with the app's code named for after the first paint and no script of its own", async () => {
    const html = await page('/acts');
    expect(html).toMatch(/<div id="root" data-first-view="server" data-drawn-at="\d+"><main><h1>/);
    expect(html).toContain(`<main><h1>${festival.name}</h1>`);
    // The app's own script tags are gone; the small starter fetches them after the paint.
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<script type="module" crossorigin src="/assets/start-app-9.js"></script>');
    expect(startPlan(html)).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/shared-3.js', '/assets/act-list-4.js'],
      // What the app seeds its queries with before it takes the page over.
      reads: [
        { key: ['festival'], path: '/v1/festival' },
        { key: ['acts', 'pages'], path: '/v1/acts?limit=1', paged: true },
      ],
    });
  });

  it("cleans the drawn rich text with the server's sanitizer", async () => {
    const html = await page('/acts');
    expect(html).toMatch(/<p>bio<img src="https:\/\/example.org\/a.png"[^>]*><\/p>/);
    expect(html).not.toMatch(/onclick|onerror|steal/);
  });

  it('leaves a page to the browser when a read fails, the drawing throws or its plan breaks the contract', async () => {
    for (const url of ['/acts/999999', '/venues', '/broken']) {
      const html = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
      expect(html, url).not.toContain('app-start');
    }
  });
});

describe('migrations', () => {
  it('run once: a second run at start applies nothing', async () => {
    expect(await migrate(t.testDb.db)).toEqual([]);
  });
});
