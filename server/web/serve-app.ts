import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { PagePlan } from '../../contract/first-view.js';
import type { Versions } from '../db/connection.js';
import { keptAnswer, SHARED_PAGE, type KeptAnswer } from '../lib/kept-answers.js';
import { loadFirstViews } from './first-view.js';
import { linkPreviews, previewTags } from './link-preview.js';
import { loadPageShells } from './page-shells.js';
import { scheduleQrPng } from './schedule-qr.js';
import { webAppManifest } from './web-app-manifest.js';

/** Counters no kept page was drawn from: a page drawn without them is never current. */
const UNREAD: Versions = { schedule: -1, catalogue: -1, announcements: -1 };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/** Brotli at quality 9 on text: a page is compressed once per change, not per request. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };

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
    deps.festival.slug,
    (error) => app.log.error({ err: error }, 'drawing a first view failed'),
  );
  const previews = linkPreviews(deps.db, deps.festival, deps.publicUrl, (error) =>
    app.log.error({ err: error }, 'a link preview lookup failed: the page keeps the festival preview'),
  );
  // As someone not signed in: the page is the same for everyone who opens it.
  const read = async (path: string) => {
    const answer = await app.inject({ method: 'GET', url: path, headers: { accept: 'application/json' } });
    return { status: answer.statusCode, body: () => answer.json<unknown>() };
  };

  /**
   * The page at `address` as final bytes (docs/decisions/0058): the shell with its link preview
   * and, for a page the server draws, its first view; compressed once, tagged once, and kept by
   * the database's counters as they were read before drawing, until the next minute (what plays
   * "Now") or the release time, whichever comes first.
   */
  const drawPage = async (address: string, page: PagePlan | undefined, versions: Versions): Promise<KeptAnswer> => {
    const now = deps.clock.now().getTime();
    const path = address.split('?')[0] ?? '';
    const festival = (await read('/v1/festival')).body() as { schedule_release_at?: string | null };
    const { view, failed } = page && firstViews ? await firstViews.draw(page, read, now) : { failed: false };
    const html = shells.forPath(path, previewTags(await previews.forPath(path)), page?.screen, view);
    // The content's hash leaves out the moment it was drawn: redrawn a minute later and unchanged,
    // the page keeps its tag (and the bytes a browser holds), so revalidating still answers 304.
    const hash = createHash('sha256')
      .update(view ? html.replace(` data-drawn-at="${view.drawnAt}"`, '') : html)
      .digest('base64url')
      .slice(0, 27);
    const releaseAt = festival.schedule_release_at ? Date.parse(festival.schedule_release_at) : Number.NaN;
    const nextMinute = (Math.floor(now / 60_000) + 1) * 60_000;
    // A failed drawing is sent, not kept: the next request tries again.
    const expiresAt =
      failed || versions === UNREAD ? 0 : releaseAt > now ? Math.min(nextMinute, releaseAt) : nextMinute;
    const previous = deps.kept.find(address);
    if (previous && previous.matches(`"${hash}"`))
      return { ...previous, versions, expiresAt, matches: previous.matches, encodingFor: previous.encodingFor };
    const identity = Buffer.from(html);
    const [gzip, br] = await Promise.all([gzipAsync(identity, { level: 9 }), brotliAsync(identity, BROTLI)]);
    return keptAnswer({
      versions,
      expiresAt,
      hash,
      // Weak: the same content in every encoding.
      weak: true,
      contentType: 'text/html; charset=utf-8',
      cacheControl: SHARED_PAGE,
      identity,
      gzip,
      br,
    });
  };

  // Concurrent requests for a page that is not kept share one drawing.
  const drawing = new Map<string, Promise<KeptAnswer>>();

  // Every client route is the single-page app, which shows its own not-found screen. Its head
  // carries the page's own link preview (an act's name and bio).
  app.get('/*', { schema: { hide: true }, compress: false }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!isClientRoute(path)) return reply.callNotFound();
    // A page the server does not draw is its path's shell, whatever the query.
    // The page as the route table names it, once: its address, drawing and code hints.
    const page = firstViews?.page(request.url);
    const address = page?.drawn?.address ?? path;
    // The counters unread (the database is unavailable): drawn now, from reads that will most
    // likely fail too, so the browser gets the shell and draws the page itself; not kept.
    const versions = await deps.kept.versions().catch(() => undefined);
    if (!versions) return deps.kept.reply(request, reply, await drawPage(address, page, UNREAD));
    let answer = deps.kept.find(address);
    if (!answer || !deps.kept.isCurrent(answer, versions)) {
      const key = `${address}\n${versions.schedule}.${versions.catalogue}.${versions.announcements}`;
      let pending = drawing.get(key);
      if (!pending) {
        pending = drawPage(address, page, versions).finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      answer = await pending;
    }
    // A path no route has a screen for (the not-found page) is sent, not kept: any number of them
    // can be asked for.
    if (!firstViews || page) deps.kept.keep(address, answer, request.url);
    return deps.kept.reply(request, reply, answer);
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
