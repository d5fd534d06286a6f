import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '../../../../contract/venues';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /v1/venues/{id}, under the same query key as the venues screens (['venues', 'detail', id]),
 * so the venue card and this screen share one cached copy and one invalidation.
 */
export const venueForSlotsQuery = (id: number) =>
  queryOptions({
    queryKey: ['venues', 'detail', id] as const,
    queryFn: ({ signal }) => apiGet<Venue>(`/v1/venues/${id}`, { signal }),
  });

export function useVenueForSlots(id: number | undefined) {
  return useQuery({ ...venueForSlotsQuery(id ?? 0), enabled: id !== undefined });
}
