import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { VenueListResponse } from '../../../../contract/venues';
import { apiGet } from '../../../lib/api-client';
import { toQueryString, type ListQuery } from '../../../lib/list-query';

export const venueKeys = {
  all: ['venues'] as const,
  list: (query: ListQuery) => ['venues', 'list', query] as const,
  detail: (id: number) => ['venues', 'detail', id] as const,
};

/** GET /v1/venues with the list query (spec 7): paging, order, search and filters. */
export const getVenues = (query: ListQuery, signal?: AbortSignal) =>
  apiGet<VenueListResponse>(`/v1/venues${toQueryString(query)}`, { signal });

export const venuesQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: venueKeys.list(query),
    queryFn: ({ signal }) => getVenues(query, signal),
    // While a new search runs, the last results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

export function useVenues(query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...venuesQuery(query), enabled: options.enabled ?? true });
}
