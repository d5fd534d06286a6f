import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { FestivalResponse } from '../../contract/festival';
import { registerZoneTable } from '../../contract/festival-time';
import { apiGet } from './api-client';

/**
 * The configuration does not change while a page is open, but the committee's switches (the rain
 * date, the schedule's release) can: a page open for a while asks again when it is looked at after
 * five minutes, at the cost of a 304 (the app's other queries do not refetch on focus).
 */
export const festivalQuery = queryOptions({
  queryKey: ['festival'],
  queryFn: async ({ signal }) => {
    const festival = await apiGet<FestivalResponse>('/v1/festival', { anonymous: true, signal });
    // A copy kept by an older service worker may lack the table: festival time then asks Intl.
    if (festival.zone_table) registerZoneTable(festival.zone_table);
    return festival;
  },
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
  return useSyncExternalStore(subscribe, () => client.getQueryData<FestivalResponse>(festivalQuery.queryKey));
}
