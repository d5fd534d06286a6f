import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { venueKeys } from './get-venues';

/** DELETE /v1/venues/{id}. */
export const deleteVenue = (id: number) => apiRequest<unknown>(`/v1/venues/${id}`, { method: 'DELETE' });

export function useDeleteVenue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteVenue,
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: venueKeys.detail(id) });
      // Acts show where they are scheduled, and deleting a venue unschedules them (spec 4).
      await Promise.all([
        client.invalidateQueries({ queryKey: venueKeys.all }),
        client.invalidateQueries({ queryKey: ['acts'] }),
      ]);
    },
  });
}
