import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVenueInput, Venue } from '../../../../contract/venues';
import { apiRequest } from '../../../lib/api-client';
import { venueKeys } from './get-venues';

/** PATCH /v1/venues/{id}/no_slots: the edit form; slots change only on the slots screen. */
export const updateVenue = ({ id, input }: { id: number; input: UpdateVenueInput }) =>
  apiRequest<Venue>(`/v1/venues/${id}/no_slots`, { method: 'PATCH', body: input });

export function useUpdateVenue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVenue,
    onSuccess: () => client.invalidateQueries({ queryKey: venueKeys.all }),
  });
}
