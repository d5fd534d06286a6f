import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { FestivalResponse } from '../../contract/festival';
import { registerZoneTable } from '../../contract/festival-time';
import { apiGet } from './api-client';

/** Takes the festival in: its time zone's table goes to festival time (contract/festival-time.ts). */
export function receiveFestival(festival: FestivalResponse): FestivalResponse {
  // A copy kept by an older service worker may lack the table: festival time then asks Intl.
  if (festival.zone_table) registerZoneTable(festival.zone_table);
  return festival;
}

/**
 * The configuration does not change while a page is open, but the committee's switches (the rain
 * date, the schedule's release) can: a page open for a while asks again when it is looked at after
 * five minutes, at the cost of a 304 (the app's other queries do not refetch on focus).
 */
export const festivalQuery = queryOptions({
  queryKey: ['festival'],
  queryFn: async ({ signal }) =>
    receiveFestival(await apiGet<FestivalResponse>('/v1/festival', { anonymous: true, signal })),
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
  gcTime: Infinity,
});

/** The festival configuration (name, slug, year, dates...) from GET /v1/festival. */
export function useFestival() {
  return useQuery(festivalQuery);
}

/**
 * The festival configuration once loaded, for what a list draws a hundred times (a card's slot
 * times): one listener on the query cache instead of a query observer per card, whose subscribing
 * was a long task when a list of cards mounted at festival scale. It asks for nothing: the page
 * around it (the nav bar, the list) does, through useFestival.
 */
export function useFestivalConfig(): FestivalResponse | undefined {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const read = () => client.getQueryData<FestivalResponse>(festivalQuery.queryKey);
  // The same on the server, which draws a page from a cache it has filled (web/entry-server.tsx).
  return useSyncExternalStore(subscribe, read, read);
}
