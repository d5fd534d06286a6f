import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVenueInput, Venue } from '../../../../contract/venues';
import { apiPost } from '../../../lib/api-client';
import { venueKeys } from './get-venues';

/** POST /v1/venues: the venue with its offered slots (hosts and admins). */
export const createVenue = (input: CreateVenueInput) => apiPost<Venue>('/v1/venues', input);

export function useCreateVenue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createVenue,
    onSuccess: () => client.invalidateQueries({ queryKey: venueKeys.all }),
  });
}
