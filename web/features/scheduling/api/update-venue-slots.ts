import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateVenueSlotsInput, Venue } from '../../../../contract/venues';
import { apiRequest } from '../../../lib/api-client';
import { matchingKeys } from './get-venue-suggestions';

/** PATCH /v1/venues/{id}: the venue's slots as a whole, each with its act or none. */
export const updateVenueSlots = ({ id, input }: { id: number; input: UpdateVenueSlotsInput }) =>
  apiRequest<Venue>(`/v1/venues/${id}`, { method: 'PATCH', body: input });

export function useUpdateVenueSlots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateVenueSlots,
    // Venue cards, act cards (their status), the choices, the suggestions and the schedule all
    // show slots.
    // Invalidated after a failure too: a 409 means someone else changed the choices.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['venues'] }),
        client.invalidateQueries({ queryKey: ['acts'] }),
        client.invalidateQueries({ queryKey: ['schedule'] }),
        client.invalidateQueries({ queryKey: matchingKeys.all }),
      ]),
  });
}
