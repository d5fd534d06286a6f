/// <reference lib="webworker" />
/**
 * The service worker (docs/decisions/0022-link-previews-and-offline.md): the festival on a
 * phone with a poor signal, or none.
 *
 * - The build's scripts, styles and icons are precached (the schedule's code included), so
 *   every screen opens offline; a new deployment's worker takes over at once (skipWaiting and
 *   clientsClaim) and drops the old build's files.
 * - Pages (navigations) are network-first: a new deployment is seen on the next reload; offline,
 *   the last copy of that page, else the app's shell.
 * - The public reads (festival, schedule, act and venue lists and pages) are
 *   stale-while-revalidate: shown at once from the cache, refreshed behind (the browser
 *   revalidates with the ETag it holds, so an unchanged refresh is a 304).
 * - Pictures (/v1/media, /images, the printed schedule's QR code) are cached as they are seen,
 *   for a day at most.
 * - A take-down (an act's or a venue's read answering 404 or 410) removes its cached read and
 *   pages; opening such a page online checks its read first (docs/decisions/0051).
 * - Nothing sent with an Authorization header is cached: such a response is one person's.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_NAMES } from './cache-names';
import type { RouteMatchCallback, WorkboxPlugin } from 'workbox-core/types.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The page reads the API cache too (web/app/offline-banner.tsx: how old the schedule is).
const { api: API_CACHE, pages: PAGES_CACHE, pictures: PICTURES_CACHE } = CACHE_NAMES;

// A new worker takes over at once; nothing here waits for it.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const anonymous = (request: Request) => !request.headers.has('authorization');

/** Refuses to store any response to a request that carried credentials, whatever the route. */
const neverPersonal: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (anonymous(request) && response.status === 200 ? response : null),
};

const PUBLIC_READS = /^\/v1\/(festival|schedule|acts|venues|acts\/\d+|venues\/\d+)$/;
/** An act's or a venue's page, and the read it is drawn from. */
const ENTITY_PAGE = /^\/(acts|venues)\/(\d+)$/;
const ENTITY_READ = /^\/v1\/(acts|venues)\/(\d+)$/;

/**
 * A take-down (docs/decisions/0051): an act or a venue whose public read answers 404 or 410 (deleted,
 * or hidden by the committee) leaves this device: its cached read goes, and any copy of its page
 * (a drawn page holds its words), so no visit, online or offline, shows it again.
 */
async function forget(readPath: string): Promise<void> {
  const [, kind, id] = ENTITY_READ.exec(readPath) ?? [];
  const api = await caches.open(API_CACHE);
  await api.delete(readPath, { ignoreSearch: true });
  if (!kind) return;
  const pages = await caches.open(PAGES_CACHE);
  for (const request of await pages.keys()) {
    if (new URL(request.url).pathname === `/${kind}/${id}`) await pages.delete(request);
  }
}
const gone = (response: Response) => response.status === 404 || response.status === 410;

/** Every answer a public read gets from the network, before the 200s are stored. */
const takeDowns: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (gone(response)) await forget(new URL(request.url).pathname);
    return response;
  },
};

const publicRead: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin && request.method === 'GET' && anonymous(request) && PUBLIC_READS.test(url.pathname);
registerRoute(publicRead, new StaleWhileRevalidate({ cacheName: API_CACHE, plugins: [takeDowns, neverPersonal] }));

// The printed schedule's QR code (/schedule-qr.png) too, so a sheet printed offline has it.
const picture: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin &&
  anonymous(request) &&
  (url.pathname.startsWith('/v1/media/') || url.pathname.startsWith('/images/') || url.pathname === '/schedule-qr.png');
registerRoute(
  picture,
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    // A day, as the server's Cache-Control says: a picture taken down leaves the phone too.
    plugins: [neverPersonal, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 86_400, purgeOnQuotaError: true })],
  }),
);

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [neverPersonal, new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/v1/'),
  async (options) => {
    // Online, an act's or a venue's page asks for its read at once, beside the page, so a take-down
    // the cached read does not know yet is seen before the app shows that read (stale while
    // revalidating would show it once more).
    const entity = ENTITY_PAGE.exec(options.url.pathname);
    const checked = entity ? checkEntity(`/v1/${entity[1]}/${entity[2]}`) : undefined;
    try {
      const page = await pages.handle(options);
      await checked;
      return page;
    } catch {
      // Offline and this page never opened: the app's shell shows it from the cached data.
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

/**
 * Refreshes the cached read of an entity's page: stored when it is a 200, forgotten with its
 * page when it is gone; nothing when offline or slow (at most 3 s: the page is not held longer).
 */
async function checkEntity(readPath: string): Promise<void> {
  const api = await caches.open(API_CACHE);
  if (!(await api.match(readPath))) return;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 3_000);
  try {
    const response = await fetch(readPath, { signal: controller.signal });
    if (gone(response)) await forget(readPath);
    else if (response.status === 200) await api.put(readPath, response);
  } catch {
    // Offline or slow: the cached copy stays until the device hears otherwise.
  } finally {
    clearTimeout(timer);
  }
}

// The schedule and the festival are what a person opens on the day: keep them from the first
// visit on, not only once the page has asked for them again under this worker.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(API_CACHE).then(async (cache) => {
      for (const path of ['/v1/festival', '/v1/schedule']) {
        try {
          const response = await fetch(path);
          if (response.status === 200) await cache.put(path, response);
        } catch {
          // Offline while installing: the pages fill the cache when they load.
        }
      }
    }),
  );
});
