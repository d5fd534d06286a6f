import { actKeys, actsFirstPage } from '../features/acts/api/get-acts';
import { actFiltersToParams, actListQuery, parseActFilters } from '../features/acts/lib/act-filters';
import { announcementsKey } from '../features/announcements/api/get-announcements';
import { venueKeys, venuesFirstPage } from '../features/venues/api/get-venues';
import { parseVenueFilters, venueFiltersToParams, venueListQuery } from '../features/venues/lib/venue-filters';
import { festivalQuery } from '../lib/festival';
import { scheduleKeys } from '../features/schedule/api/get-schedule';
import { readFilters, writeFilters } from '../features/schedule/lib/schedule-sets';
import { matchRoutes, type Params, type RouteObject } from 'react-router';
import type { DrawnRead, PagePlan } from '../../contract/first-view';

/**
 * How the pages the server draws before the app's code arrives (docs/decisions/0048) are drawn:
 * the schedule and the act and venue lists and pages, which a festival-goer opens from a shared
 * link, a QR code or the home screen, on a poor signal. A route names its drawing in its handle
 * (web/app/router.tsx: `draw`), so the route table is the one list of pages and of the pages drawn.
 * Each is drawn from a few public reads; the server makes them (as someone not signed in), draws
 * the page with this app's own components, and the browser, once the app has loaded, makes the
 * same reads (the server names them in the page, so they are already on their way) and takes
 * over the page it was sent (hydration) instead of drawing it again. Only the server build
 * (web/entry-server.tsx) imports this module's values; the browser needs none of it.
 */

/** What a route says of its page, beside its element (React Router's `handle`). */
export interface PageHandle {
  /** The screen's module, relative to web/, as the build's manifest names it. */
  screen: string;
  /** For a page the server draws: which drawing (below). Adding a drawn page is this field. */
  draw?: Drawing;
  /** The screen is this page's only where the path's `:slug` is the festival's (/{product}). */
  festivalSlug?: true;
}

/** A drawn page's reads and address, from the route's parameters and the page's query. */
type Plan = (route: { params: Params; search: URLSearchParams; pathname: string }) => DrawnPage | undefined;
type DrawnPage = NonNullable<PagePlan['drawn']>;

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

/** A record's id in a path: a positive integer of at most ten digits, or nothing to draw. */
const idOf = (value: string | undefined) => (value && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : undefined);

export const DRAWINGS = {
  /** A page drawn from the frame's reads alone: its own content needs none. */
  frame: ({ pathname }) => ({ reads: FRAME, address: pathname }),
  /**
   * My day: its frame, and the schedule fetched with the app's code (the favourites it shows from
   * it are on the device, so the server cannot draw them): the sets appear as soon as the app has
   * taken the page over, not a round trip after.
   */
  myDay: ({ pathname }) => ({ reads: FRAME, address: pathname, fetches: ['/v1/schedule'] }),
  schedule: ({ pathname, search }) => {
    // The schedule's Map view is left to the browser: it is a chunk of its own, fetched as it opens.
    if (search.get('view') === 'map') return undefined;
    const reads = [...FRAME, { key: scheduleKeys.all, path: '/v1/schedule' as const }];
    const filters = writeFilters(new URLSearchParams(), readFilters(search));
    return { reads, address: withQuery(pathname, filters) };
  },
  actList: ({ pathname, search }) => {
    const filters = parseActFilters(search);
    const query = actListQuery(filters);
    const reads = [...FRAME, { key: actKeys.pages(query), path: actsFirstPage(query), paged: true }];
    return { reads, address: withQuery(pathname, actFiltersToParams(filters)) };
  },
  venueList: ({ pathname, search }) => {
    const filters = parseVenueFilters(search);
    const query = venueListQuery(filters);
    const reads = [...FRAME, { key: venueKeys.pages(query), path: venuesFirstPage(query), paged: true }];
    // The Map view is another page: its venues listed under a place for the map, which the
    // browser draws (Leaflet needs a window; docs/decisions/0056).
    const kept = venueFiltersToParams(filters);
    if (search.get('view') === 'map') kept.set('view', 'map');
    return { reads, address: withQuery(pathname, kept) };
  },
  act: ({ pathname, params }) => {
    const id = idOf(params.actId);
    if (id === undefined) return undefined;
    return { reads: [...FRAME, { key: actKeys.detail(id), path: `/v1/acts/${id}` as const }], address: pathname };
  },
  venue: ({ pathname, params }) => {
    const id = idOf(params.venueId);
    if (id === undefined) return undefined;
    return { reads: [...FRAME, { key: venueKeys.detail(id), path: `/v1/venues/${id}` as const }], address: pathname };
  },
} satisfies Record<string, Plan>;

/** The drawings a route may name. */
export type Drawing = keyof typeof DRAWINGS;

/**
 * The page at `pathname` with `search`, as the route table says: its screen, and for a page the
 * server draws, its reads and address. Undefined for a path no route of the app has a screen for.
 */
export function pageOf(
  routes: RouteObject[],
  pathname: string,
  search: string,
  festivalSlug: string,
): PagePlan | undefined {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const handle = match?.route.handle as PageHandle | undefined;
  if (!match || !handle) return undefined;
  if (handle.festivalSlug && match.params.slug !== festivalSlug) return undefined;
  const drawn =
    handle.draw && DRAWINGS[handle.draw]({ params: match.params, search: new URLSearchParams(search), pathname });
  return { screen: handle.screen, drawn };
}
