import { actKeys, actsFirstPage } from '../features/acts/api/get-acts';
import { actFiltersToParams, actListQuery, parseActFilters } from '../features/acts/lib/act-filters';
import { announcementsKey } from '../features/announcements/api/get-announcements';
import { venueKeys, venuesFirstPage } from '../features/venues/api/get-venues';
import { parseVenueFilters, venueFiltersToParams, venueListQuery } from '../features/venues/lib/venue-filters';
import { festivalQuery } from '../lib/festival';
import { scheduleKeys } from '../features/schedule/api/get-schedule';
import { readFilters, writeFilters } from '../features/schedule/lib/schedule-sets';
import type { DrawnRead } from './seed-first-view';

/**
 * The pages the server draws before the app's code arrives (docs/decisions/0048): the schedule and
 * the act and venue lists and pages, which a festival-goer opens from a shared link, a QR code or
 * the home screen, on a poor signal.
 * Each is drawn from a few public reads; the server makes them (as someone not signed in), draws
 * the page with this app's own components, and the browser, once the app has loaded, makes the
 * same reads (the server names them in the page, so they are already on their way) and takes
 * over the page it was sent (hydration) instead of drawing it again. The server writes the reads
 * into the page (#app-start), so the browser needs none of this module to take a page over.
 */
export interface FirstView {
  /** The screen's module, relative to web/ (as the build's manifest names it): its code and style. */
  screen: string;
  reads: DrawnRead[];
  /**
   * The page's address with only the query parameters its screen reads, in one order: what makes
   * it a different page. A shared link's `?utm_source=` or `?fbclid=` is not part of it, so the
   * server keeps one drawing for all of them (docs/decisions/0051).
   */
  address: string;
}

/** `pathname` with `params` as its query, or alone when there are none. */
const withQuery = (pathname: string, params: URLSearchParams) => {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/** What every page's frame reads: the nav bar's edition, the committee's announcements. */
const FRAME: DrawnRead[] = [
  { key: festivalQuery.queryKey, path: '/v1/festival' },
  { key: announcementsKey, path: '/v1/announcements' },
];

/** The first view of a page: its screen and reads, or undefined for a page the server does not draw. */
export function firstView(pathname: string, search: string): FirstView | undefined {
  const params = new URLSearchParams(search);
  // The schedule's Map view is left to the browser: it is a chunk of its own, fetched as it opens.
  if (pathname === '/schedule' && params.get('view') !== 'map') {
    const reads = [...FRAME, { key: scheduleKeys.all, path: '/v1/schedule' as const }];
    const filters = writeFilters(new URLSearchParams(), readFilters(params));
    return { screen: 'features/schedule/routes/schedule.tsx', reads, address: withQuery(pathname, filters) };
  }
  if (pathname === '/acts') {
    const filters = parseActFilters(params);
    const query = actListQuery(filters);
    const reads = [...FRAME, { key: actKeys.pages(query), path: actsFirstPage(query), paged: true }];
    return {
      screen: 'features/acts/routes/act-list.tsx',
      reads,
      address: withQuery(pathname, actFiltersToParams(filters)),
    };
  }
  if (pathname === '/venues') {
    const filters = parseVenueFilters(params);
    const query = venueListQuery(filters);
    const reads = [...FRAME, { key: venueKeys.pages(query), path: venuesFirstPage(query), paged: true }];
    // The Map view is another page: its venues listed under a place for the map, which the
    // browser draws (Leaflet needs a window; docs/decisions/0056).
    const kept = venueFiltersToParams(filters);
    if (params.get('view') === 'map') kept.set('view', 'map');
    return { screen: 'features/venues/routes/venue-list.tsx', reads, address: withQuery(pathname, kept) };
  }
  const detail = /^\/(acts|venues)\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (detail?.[1] === 'acts') {
    const id = Number(detail[2]);
    const reads = [...FRAME, { key: actKeys.detail(id), path: `/v1/acts/${id}` as const }];
    return { screen: 'features/acts/routes/act-detail.tsx', reads, address: pathname };
  }
  if (detail?.[1] === 'venues') {
    const id = Number(detail[2]);
    const reads = [...FRAME, { key: venueKeys.detail(id), path: `/v1/venues/${id}` as const }];
    return { screen: 'features/venues/routes/venue-detail.tsx', reads, address: pathname };
  }
  return undefined;
}
