/** The service worker's caches, named once for the worker (web/sw/sw.ts) and the page that reads them. */
export const CACHE_NAMES = {
  api: 'porchfest-api',
  pages: 'porchfest-pages',
  pictures: 'porchfest-pictures',
} as const;
