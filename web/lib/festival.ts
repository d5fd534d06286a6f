import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FestivalConfig } from '../../contract/festival';
import { apiGet } from './api-client';

/** The edition does not change while a page is open: fetch it once and keep it. */
export const festivalQuery = queryOptions({
  queryKey: ['festival'],
  queryFn: ({ signal }) => apiGet<FestivalConfig>('/v1/festival', { anonymous: true, signal }),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The festival configuration (name, slug, year, dates...) from GET /v1/festival. */
export function useFestival() {
  return useQuery(festivalQuery);
}
