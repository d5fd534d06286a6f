import type { QueryKey } from '@tanstack/react-query';
import { actKeys, actsFirstPage } from '../features/acts/api/get-acts';
import { actListQuery, parseActFilters } from '../features/acts/lib/act-filters';
import { announcementsKey } from '../features/announcements/api/get-announcements';
import { venueKeys, venuesFirstPage } from '../features/venues/api/get-venues';
import { parseVenueFilters, venueListQuery } from '../features/venues/lib/venue-filters';
import type { ApiPath } from '../lib/api-client';
import { festivalQuery } from '../lib/festival';
import { scheduleKeys } from '../features/schedule/api/get-schedule';

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
export interface FirstViewRead {
  /** The query the screen reads it through. */
  key: QueryKey;
  /** The GET, exactly as the screen asks for it. */
  path: ApiPath;
  /** The first page of a list that pages ("Show more"): kept as an infinite query's first page. */
  paged?: boolean;
}

/** What every page's frame reads: the nav bar's edition, the committee's announcements. */
const FRAME: FirstViewRead[] = [
  { key: festivalQuery.queryKey, path: '/v1/festival' },
  { key: announcementsKey, path: '/v1/announcements' },
];

/** The reads a page's first view is drawn from, or undefined for a page the server does not draw. */
export function firstViewReads(pathname: string, search: string): FirstViewRead[] | undefined {
  const params = new URLSearchParams(search);
  // The map view is Leaflet's, which needs a browser.
  if (pathname === '/schedule' && params.get('view') !== 'map') {
    return [...FRAME, { key: scheduleKeys.all, path: '/v1/schedule' }];
  }
  if (pathname === '/acts') {
    const query = actListQuery(parseActFilters(params));
    return [...FRAME, { key: actKeys.pages(query), path: actsFirstPage(query), paged: true }];
  }
  if (pathname === '/venues') {
    const query = venueListQuery(parseVenueFilters(params));
    return [...FRAME, { key: venueKeys.pages(query), path: venuesFirstPage(query), paged: true }];
  }
  const detail = /^\/(acts|venues)\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (detail) {
    const id = Number(detail[2]);
    const key = detail[1] === 'acts' ? actKeys.detail(id) : venueKeys.detail(id);
    return [...FRAME, { key, path: `/v1/${detail[1]}/${id}` as ApiPath }];
  }
  return undefined;
}
