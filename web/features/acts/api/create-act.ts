import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Act, ActInput } from '../../../../contract/acts';
import { apiPost } from '../../../lib/api-client';
import { actKeys } from './get-acts';

/** POST /v1/acts (performers and admins). */
export const createAct = (input: ActInput) => apiPost<Act>('/v1/acts', input);

export function useCreateAct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAct,
    onSuccess: () => client.invalidateQueries({ queryKey: actKeys.all }),
  });
}
