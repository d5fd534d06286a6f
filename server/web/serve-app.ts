import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { matchesIfNoneMatch } from '../lib/conditional.js';
import { loadFirstViews } from './first-view.js';
import { linkPreviews, previewTags } from './link-preview.js';
import { loadPageShells } from './page-shells.js';
import { scheduleQrPng } from './schedule-qr.js';
import { webAppManifest } from './web-app-manifest.js';

export interface WebAppFiles {
  /** Folder of the built web app; nothing is served when it holds no index.html. */
  webRoot: string;
  /** The web app's server build (docs/decisions/0048); default: dist/ssr/entry-server.js beside webRoot. */
  firstViewEntry?: string;
}

/**
 * The single-page app, when it has been built: its files (pre-compressed, the fingerprinted ones
 * cached for a year), the web app manifest, the schedule's QR code, and every client route as
 * index.html with the page's link preview and, for the pages the server draws, its first view
 * (docs/decisions/0048-server-drawn-first-view.md).
 */
export async function serveWebApp(app: FastifyInstance, deps: Deps, files: WebAppFiles): Promise<void> {
  const { webRoot } = files;
  if (!existsSync(join(webRoot, 'index.html'))) return;
  await serveBuiltFiles(app, webRoot);
  await serveManifestAndQr(app, deps);
  await servePages(app, deps, files);
}

async function serveBuiltFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
    preCompressed: true,
    // The build's source maps and manifest stay on the server: they are for debugging and for
    // the page shells (server/web/page-shells.ts), not for visitors.
    allowedPath: (pathName) => !pathName.endsWith('.map') && !pathName.includes('/.'),
    // Vite fingerprints everything under assets/: cache it for a year.
    setHeaders: (res, path) => {
      // index.html names the current build's assets: always revalidate it, or a browser could
      // keep an old page asking for files a deploy removed.
      // The service worker too: a deploy's new worker must be found on the next visit.
      const cache = path.includes('/assets/')
        ? 'public, max-age=31536000, immutable'
        : /(index\.html|\/sw\.js)(\.(br|gz))?$/.test(path)
          ? 'no-cache'
          : 'public, max-age=300';
      res.header('cache-control', cache);
    },
  });
}

async function serveManifestAndQr(app: FastifyInstance, deps: Deps): Promise<void> {
  app.get('/manifest.webmanifest', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(webAppManifest(deps.festival))),
  );
  // Drawn once, at start: the address comes from the configuration, and one a QR code cannot
  // hold stops the server here rather than failing every print.
  const qr = await scheduleQrPng(deps.publicUrl);
  app.get('/schedule-qr.png', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('image/png').send(qr),
  );
}

async function servePages(app: FastifyInstance, deps: Deps, files: WebAppFiles): Promise<void> {
  const shells = loadPageShells(files.webRoot, deps.festival);
  // The server's build of the web app, beside the browser's: it draws a page's first view.
  const firstViews = await loadFirstViews(
    files.firstViewEntry ?? join(files.webRoot, '..', 'ssr', 'entry-server.js'),
    (error) => app.log.error({ err: error }, 'drawing a first view failed'),
  );
  const previews = linkPreviews(deps.db, deps.festival, deps.publicUrl, (error) =>
    app.log.error({ err: error }, 'a link preview lookup failed: the page keeps the festival preview'),
  );
  // Every client route is the single-page app, which shows its own not-found screen. A route
  // (not the not-found handler), so the page is compressed like any other response. Its head
  // carries the page's own link preview (an act's name and bio), so the page is revalidated
  // by a tag of its content: an edit to the act changes it, anything else is a 304.
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isClientRoute(path)) return reply.callNotFound();
    const firstView = await firstViews?.draw(
      request.url,
      async (read) => {
        // As someone not signed in: the page is the same for everyone who opens it.
        const answer = await app.inject({ method: 'GET', url: read, headers: { accept: 'application/json' } });
        const etag = answer.headers.etag;
        return {
          status: answer.statusCode,
          etag: typeof etag === 'string' ? etag : undefined,
          body: () => answer.json(),
        };
      },
      deps.clock.now().getTime(),
    );
    const html = shells.forPath(path, previewTags(await previews.forPath(path)), firstView);
    const hash = createHash('sha256').update(html).digest('hex').slice(0, 32);
    // Weak: the same content in every encoding @fastify/compress may send it in.
    reply.header('cache-control', 'no-cache').header('etag', `W/"${hash}"`);
    if (matchesIfNoneMatch(request.headers['if-none-match'], hash)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

/**
 * A path the web app answers. Not the API, and not a file that is missing (an old build's chunk, a
 * mistyped image, a source map): a browser must get a 404 there, not a page it would try to run
 * as a script. (Not "any path with a dot": /profile/{email} is a client route.)
 */
function isClientRoute(path: string): boolean {
  if (path === '/v1' || path.startsWith('/v1/')) return false;
  return !(
    path.startsWith('/assets/') ||
    path.startsWith('/images/') ||
    path.startsWith('/.') ||
    path.endsWith('.map')
  );
}
