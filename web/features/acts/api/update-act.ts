import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Act, ActInput } from '../../../../contract/acts';
import { apiRequest } from '../../../lib/api-client';
import { actKeys } from './get-acts';

/** PATCH /v1/acts/{id}: the whole act form. */
export const updateAct = ({ id, input }: { id: number; input: ActInput }) =>
  apiRequest<Act>(`/v1/acts/${id}`, { method: 'PATCH', body: input });

export function useUpdateAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAct,
    // A venue's card names the act scheduled in its slots, so venue lists change too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: actKeys.all }),
        client.invalidateQueries({ queryKey: ['venues'] }),
      ]),
  });
}
