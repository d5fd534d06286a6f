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
 * - Pictures (/v1/media, /images, the printed schedule's QR code) are cached as they are seen.
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

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

const anonymous = (request: Request) => !request.headers.has('authorization');

/** Refuses to store any response to a request that carried credentials, whatever the route. */
const neverPersonal: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => (anonymous(request) && response.status === 200 ? response : null),
};

const PUBLIC_READS = /^\/v1\/(festival|schedule|acts|venues|acts\/\d+|venues\/\d+)$/;
const publicRead: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin && request.method === 'GET' && anonymous(request) && PUBLIC_READS.test(url.pathname);
registerRoute(publicRead, new StaleWhileRevalidate({ cacheName: API_CACHE, plugins: [neverPersonal] }));

// The printed schedule's QR code (/schedule-qr.png) too, so a sheet printed offline has it.
const picture: RouteMatchCallback = ({ url, request, sameOrigin }) =>
  sameOrigin &&
  anonymous(request) &&
  (url.pathname.startsWith('/v1/media/') || url.pathname.startsWith('/images/') || url.pathname === '/schedule-qr.png');
registerRoute(
  picture,
  new CacheFirst({
    cacheName: PICTURES_CACHE,
    plugins: [neverPersonal, new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })],
  }),
);

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  plugins: [neverPersonal, new ExpirationPlugin({ maxEntries: 50, purgeOnQuotaError: true })],
});
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && !url.pathname.startsWith('/v1/'),
  async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      // Offline and this page never opened: the app's shell shows it from the cached data.
      return (await matchPrecache('/index.html')) ?? Response.error();
    }
  },
);

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
