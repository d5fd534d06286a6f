import { useQuery } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../contract/auth';
import { apiGet } from '../../../lib/api-client';

/** docs/behaviour.md#the-api: the admin board shows what the admin test endpoint says. */
export const getAdminBoard = (signal?: AbortSignal) => apiGet<MessageResponse>('/v1/test/admin', { signal });

export function useAdminBoard() {
  return useQuery({
    queryKey: ['admin-board'],
    queryFn: ({ signal }) => getAdminBoard(signal),
    // Asked afresh on every visit: the answer depends on who is signed in right now.
    gcTime: 0,
  });
}
