import { readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, projectRoot } from '../../e2e/support/server.js';
import { buildApp, BODY_LIMIT_BYTES } from '../../server/app.js';
import { loadFestivalConfig } from '../../server/features/festival/load.js';
import { TEST_JWT_SECRET } from '../../server/test/app.js';
import { buildAdmin, buildHost, buildPerformer } from '../../server/test/builders.js';
import { buildVenue } from '../../server/test/catalogue-builders.js';
import { createTestDb, type TestDb } from '../../server/test/database.js';

/**
 * Attack suite (docs/decisions/0012-attack-suite.md): the security headers on every kind of
 * response the app sends (API JSON, the SPA's HTML, static assets, media, 404, 413, 304, errors),
 * HSTS only over HTTPS, CORS only for the configured origins, and the body limit. Against the built
 * web app (dist/web).
 */
const ALLOWED_ORIGIN = 'https://porch.example.org';
const webRoot = join(projectRoot, 'dist', 'web');
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

let testDb: TestDb;
let plain: FastifyInstance;
let behindProxy: FastifyInstance;
let mediaPath: string;
let adminAuth: { authorization: string };
let performerAuth: { authorization: string };

const build = (extra: { trustProxy?: boolean; corsOrigins?: string[] }) =>
  buildApp({
    db: testDb.db,
    festival: loadFestivalConfig('festival.config.json'),
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'https://porch.example.org',
    webRoot,
    ...extra,
  });

beforeAll(async () => {
  ensureBuilt();
  testDb = await createTestDb();
  plain = await build({ corsOrigins: [ALLOWED_ORIGIN] });
  behindProxy = await build({ trustProxy: true, corsOrigins: [ALLOWED_ORIGIN] });
  const admin = await buildAdmin(plain);
  adminAuth = admin.auth;
  performerAuth = (await buildPerformer(plain)).auth;
  await buildVenue(plain, await buildHost(plain), { bio: `<p><img src="data:image/png;base64,${PNG}"></p>` });
  const media = await testDb.db.kysely.selectFrom('media').select('sha256').executeTakeFirstOrThrow();
  mediaPath = `/v1/media/${media.sha256}`;
});
afterAll(async () => {
  await plain?.close();
  await behindProxy?.close();
  await testDb?.destroy();
});

const assetsOf = (suffix: string) => readdirSync(join(webRoot, 'assets')).filter((f) => f.endsWith(suffix));

/** One request of every kind of response, with the status it must have. */
function everyKindOfResponse(): Array<{ name: string; status: number; options: InjectOptions }> {
  const js = assetsOf('.js')[0]!;
  const css = assetsOf('.css')[0]!;
  const tooBig = JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
  return [
    { name: 'API JSON', status: 200, options: { method: 'GET', url: '/v1/festival' } },
    { name: 'API list', status: 200, options: { method: 'GET', url: '/v1/venues?include_total=true' } },
    { name: 'SPA HTML at /', status: 200, options: { method: 'GET', url: '/' } },
    { name: 'SPA HTML at a client route', status: 200, options: { method: 'GET', url: '/venues/1/edit' } },
    {
      name: 'SPA HTML, pre-compressed',
      status: 200,
      options: { method: 'GET', url: '/schedule', headers: { 'accept-encoding': 'br' } },
    },
    { name: 'script asset', status: 200, options: { method: 'GET', url: `/assets/${js}` } },
    {
      name: 'script asset, pre-compressed',
      status: 200,
      options: { method: 'GET', url: `/assets/${js}`, headers: { 'accept-encoding': 'gzip' } },
    },
    { name: 'style asset', status: 200, options: { method: 'GET', url: `/assets/${css}` } },
    { name: 'icon', status: 200, options: { method: 'GET', url: '/icons/icon-32.png' } },
    { name: "the printed schedule's QR code", status: 200, options: { method: 'GET', url: '/schedule-qr.png' } },
    { name: 'media image', status: 200, options: { method: 'GET', url: mediaPath } },
    { name: 'media 404', status: 404, options: { method: 'GET', url: `/v1/media/${'0'.repeat(64)}` } },
    { name: 'API 404', status: 404, options: { method: 'GET', url: '/v1/no-such-thing' } },
    { name: 'API 404 for a write', status: 404, options: { method: 'POST', url: '/', payload: {} } },
    { name: 'validation 400', status: 400, options: { method: 'POST', url: '/v1/auth/signin', payload: {} } },
    { name: '401', status: 401, options: { method: 'GET', url: '/v1/test/user' } },
    { name: '403', status: 403, options: { method: 'POST', url: '/v1/venues', payload: {}, headers: performerAuth } },
    {
      name: '413',
      status: 413,
      options: {
        method: 'POST',
        url: '/v1/auth/signin',
        payload: tooBig,
        headers: { 'content-type': 'application/json' },
      },
    },
    {
      name: '415',
      status: 415,
      options: { method: 'POST', url: '/v1/auth/signin', payload: 'x', headers: { 'content-type': 'text/xml' } },
    },
    // Errors Fastify itself raises, before or instead of our handlers.
    { name: 'bad URL encoding in the API', status: 400, options: { method: 'GET', url: '/v1/venues/%ff' } },
    { name: 'bad URL encoding of a page', status: 400, options: { method: 'GET', url: '/%E0%A4%A' } },
    {
      name: 'malformed JSON',
      status: 400,
      options: {
        method: 'POST',
        url: '/v1/auth/signin',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      },
    },
    {
      name: 'a content type with no type',
      status: 415,
      options: { method: 'POST', url: '/v1/auth/signin', payload: '{}', headers: { 'content-type': '/;' } },
    },
    {
      name: 'an unsupported body on a DELETE',
      status: 415,
      options: {
        method: 'DELETE',
        url: '/v1/venues/1',
        payload: 'x',
        headers: { 'content-type': 'application/xml' },
      },
    },
    { name: 'schedule 200', status: 200, options: { method: 'GET', url: '/v1/schedule' } },
    { name: 'preflight', status: 204, options: { method: 'OPTIONS', url: '/v1/venues' } },
  ];
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

describe('security headers on every response', () => {
  it('sends nosniff, a referrer policy and frame denial on every kind of response', async () => {
    const kinds = everyKindOfResponse();
    for (const kind of kinds) {
      const res = await plain.inject(kind.options);
      expect(res.statusCode, kind.name).toBe(kind.status);
      expect(res.headers['x-content-type-options'], kind.name).toBe('nosniff');
      expect(res.headers['referrer-policy'], kind.name).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], kind.name).toBe('DENY');
      expect(res.headers['x-powered-by'], kind.name).toBeUndefined();
      // Over plain HTTP, no HSTS: a browser ignores it there, and a proxy may have TLS elsewhere.
      expect(res.headers['strict-transport-security'], kind.name).toBeUndefined();
      const type = String(res.headers['content-type'] ?? '');
      if (res.statusCode >= 400) {
        expect(type, `${kind.name}: an error is JSON`).toMatch(/^application\/json/);
        expect(typeof res.json().error, kind.name).toBe('string');
        expect(typeof res.json().message, kind.name).toBe('string');
      }
      if (type.startsWith('text/html')) expect(res.headers['content-security-policy'], kind.name).toBeDefined();
    }
    console.log(`security headers: ${kinds.length} kinds of response checked`);
  });

  it('gives the SPA a strict Content-Security-Policy, and the built page needs nothing it forbids', async () => {
    const res = await plain.inject({ method: 'GET', url: '/acts' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    for (const [name, values] of csp) {
      for (const forbidden of ["'unsafe-eval'", "'strict-dynamic'", '*', 'data:', 'blob:']) {
        if (name === 'img-src' && forbidden === 'data:') continue; // inline images of rich text (docs/behaviour.md#validation)
        expect(values, `${name} allows ${forbidden}`).not.toContain(forbidden);
      }
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    // The page must run under that policy: no inline script, no inline handler in the built HTML.
    const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('gives a media image a policy of its own: nothing may run or load inside it', async () => {
    const res = await plain.inject({ method: 'GET', url: mediaPath });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
  });
});

describe('HSTS', () => {
  it('is sent when the request came over HTTPS through a trusted proxy', async () => {
    for (const url of ['/v1/festival', '/', '/v1/nothing-here']) {
      const res = await behindProxy.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      const hsts = String(res.headers['strict-transport-security']);
      const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
      expect(maxAge, url).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toContain('includeSubDomains');
    }
  });

  it('is not sent over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const overHttp = await behindProxy.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    const claimed = await plain.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('CORS', () => {
  const origins = [
    'https://evil.example',
    'null',
    `${ALLOWED_ORIGIN}.evil.example`,
    `https://evil.example/${ALLOWED_ORIGIN}`,
    'http://porch.example.org',
    'https://porch.example.org:8443',
    'HTTPS://PORCH.EXAMPLE.ORG',
    ` ${ALLOWED_ORIGIN}`,
  ];

  it('echoes an allowed origin, never allows credentials, and keeps the route’s own Vary', async () => {
    const res = await plain.inject({
      method: 'GET',
      url: '/v1/schedule',
      headers: { origin: ALLOWED_ORIGIN, 'accept-encoding': 'br' },
    });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const vary = String(res.headers.vary)
      .split(',')
      .map((v) => v.trim().toLowerCase());
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept-encoding']));
  });

  it('lets an allowed origin read Retry-After (on a 429 or 503) and no other origin', async () => {
    const allowed = await plain.inject({ method: 'GET', url: '/v1/festival', headers: { origin: ALLOWED_ORIGIN } });
    expect(String(allowed.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
    const bad = await plain.inject({ method: 'GET', url: '/v1/festival', headers: { origin: 'https://evil.example' } });
    expect(bad.headers['access-control-expose-headers']).toBeUndefined();
  });

  it(`gives no CORS header to any other origin (${origins.length} lookalikes) or to a request without one`, async () => {
    for (const origin of [...origins, undefined]) {
      const res = await plain.inject({
        method: 'GET',
        url: '/v1/venues',
        headers: origin === undefined ? {} : { origin },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin'], String(origin)).toBeUndefined();
      expect(res.headers['access-control-allow-credentials'], String(origin)).toBeUndefined();
      expect(String(res.headers.vary).toLowerCase(), 'caches keep answers apart per origin').toContain('origin');
    }
  });

  it('answers an allowed preflight with the methods and headers the API takes, and others with none', async () => {
    const preflight = (origin: string) =>
      plain.inject({
        method: 'OPTIONS',
        url: '/v1/venues/12',
        headers: {
          origin,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight(ALLOWED_ORIGIN);
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(allowed.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(allowed.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    expect(Number(allowed.headers['access-control-max-age'])).toBeGreaterThan(0);
    expect(allowed.headers['access-control-allow-credentials']).toBeUndefined();

    for (const origin of origins) {
      const denied = await preflight(origin);
      expect(denied.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(denied.headers['access-control-allow-methods'], origin).toBeUndefined();
      expect(denied.headers['access-control-allow-headers'], origin).toBeUndefined();
    }
  });

  it('allows nobody when CORS_ORIGINS is empty', async () => {
    const closed = await build({});
    try {
      const res = await closed.inject({ method: 'GET', url: '/v1/festival', headers: { origin: ALLOWED_ORIGIN } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const pre = await closed.inject({
        method: 'OPTIONS',
        url: '/v1/venues',
        headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    } finally {
      await closed.close();
    }
  });
});

describe('request body limit', () => {
  it('refuses a body over 2 MB with a 413 JSON error, on every write route', async () => {
    const tooBig = JSON.stringify({ bio: 'x'.repeat(BODY_LIMIT_BYTES + 1) });
    for (const [method, url] of [
      ['POST', '/v1/auth/signup'],
      ['POST', '/v1/venues'],
      ['PATCH', '/v1/venues/1/no_slots'],
      ['POST', '/v1/acts'],
      ['POST', '/v1/comments'],
      ['POST', '/v1/contact'],
    ] as const) {
      const res = await plain.inject({
        method,
        url,
        payload: tooBig,
        headers: { 'content-type': 'application/json', ...adminAuth },
      });
      expect(res.statusCode, url).toBe(413);
      expect(res.json(), url).toMatchObject({ code: 'payload_too_large', error: 'The request is too large.' });
    }
  });

  it('stops a streamed body without a length once it passes 2 MB (a real socket)', async () => {
    const server = await build({});
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = server.server.address() as AddressInfo;
      const result = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/v1/contact',
            headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        // The server may answer and close before the whole body is written: that is the point.
        req.on('error', (err: NodeJS.ErrnoException) =>
          err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err),
        );
        req.write('{"message":"');
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < BODY_LIMIT_BYTES * 2) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end('"}');
        };
        pump();
      });
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ code: 'payload_too_large' });
    } finally {
      await server.close();
    }
  });
});
