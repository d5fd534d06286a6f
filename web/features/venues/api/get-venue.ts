import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '../../../../contract/venues';
import { apiGet } from '../../../lib/api-client';
import { venueKeys } from './get-venues';

/** GET /v1/venues/{id}. */
export const getVenue = (id: number, signal?: AbortSignal) => apiGet<Venue>(`/v1/venues/${id}`, { signal });

export const venueQuery = (id: number) =>
  queryOptions({ queryKey: venueKeys.detail(id), queryFn: ({ signal }) => getVenue(id, signal) });

export function useVenue(id: number | undefined) {
  return useQuery({ ...venueQuery(id ?? 0), enabled: id !== undefined });
}
