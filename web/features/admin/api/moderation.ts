import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Act } from '../../../../contract/acts';
import type { SetHiddenInput } from '../../../../contract/moderation';
import type { Venue } from '../../../../contract/venues';
import { apiRequest } from '../../../lib/api-client';

/**
 * PUT /v1/admin/{acts|venues}/{id}/hidden (docs/behaviour.md#moderation). Hiding changes the
 * lists of both catalogues (a venue's card names its acts, an act's its venues), the schedule and
 * the audit log: all are fetched again.
 */
export function useSetHidden(kind: 'act' | 'venue') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SetHiddenInput }) =>
      apiRequest<Act | Venue>(`/v1/admin/${kind}s/${id}/hidden`, { method: 'PUT', body: input }),
    onSuccess: () =>
      Promise.all(
        [['acts'], ['venues'], ['schedule'], ['admin']].map((queryKey) => client.invalidateQueries({ queryKey })),
      ),
  });
}
