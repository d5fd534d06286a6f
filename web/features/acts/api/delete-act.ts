import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { actKeys } from './get-acts';

/** DELETE /v1/acts/{id}. */
export const deleteAct = (id: number) => apiRequest<unknown>(`/v1/acts/${id}`, { method: 'DELETE' });

export function useDeleteAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAct,
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: actKeys.detail(id) });
      // A deleted act leaves the venue slots it was scheduled in.
      await Promise.all([
        client.invalidateQueries({ queryKey: actKeys.all }),
        client.invalidateQueries({ queryKey: ['venues'] }),
      ]);
    },
  });
}
