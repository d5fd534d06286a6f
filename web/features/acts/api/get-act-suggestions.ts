import { useQuery } from '@tanstack/react-query';
import type { ActSuggestionsResponse } from '../../../../contract/matching';
import { apiGet } from '../../../lib/api-client';

/**
 * Under the acts' key family: a change to an act or a porch refreshes the catalogue (['acts'])
 * and with it the porches that fit.
 */
export const actSuggestionsKey = (actId: number) => ['acts', 'suggestions', actId] as const;

/**
 * GET /v1/acts/{id}/suggestions (docs/decisions/0049-matchmaking.md): the open porch slots that fit
 * the act, best first, for its owner or an admin. Asked only when `enabled` (the section is shown).
 */
export function useActSuggestions(actId: number, enabled = true) {
  return useQuery({
    queryKey: actSuggestionsKey(actId),
    queryFn: ({ signal }) => apiGet<ActSuggestionsResponse>(`/v1/acts/${actId}/suggestions`, { signal }),
    enabled,
  });
}
