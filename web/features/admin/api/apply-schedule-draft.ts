import type { ApplyDraftInput, ApplyDraftResult } from '../../../../contract/drafts';
import { apiRequest } from '../../../lib/api-client';
import { matchingKeys } from '../../scheduling/api/get-venue-suggestions';
import { useDeskMutation } from './desk-query';

// An apply changes sets: the schedule, the venue and act cards and the matching follow.
const SETS = [['schedule'], ['venues'], ['acts'], matchingKeys.all];

/**
 * POST /v1/admin/schedule-drafts/{id}/apply: the changes at the named venue slots (all when
 * `changes` is left out). A 409 when the schedule changed since the draft.
 */
export function useApplyScheduleDraft() {
  return useDeskMutation(
    ({ id, input }: { id: number; input: ApplyDraftInput }) =>
      apiRequest<ApplyDraftResult>(`/v1/admin/schedule-drafts/${id}/apply`, { method: 'POST', body: input }),
    SETS,
  );
}
