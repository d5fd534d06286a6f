import { useMutation } from '@tanstack/react-query';
import type { CreateDraftInput, DraftStatus } from '../../../../contract/drafts';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /v1/admin/schedule-drafts (docs/behaviour.md#the-draft-schedule): starts a draft and answers
 * 202 at once while the solver works; a second one while one solves is a 409. A draft changes
 * nothing, so no desk answer is asked again.
 */
export function useCreateScheduleDraft() {
  return useMutation({
    mutationFn: (input: CreateDraftInput) =>
      apiRequest<{ id: number; status: DraftStatus }>('/v1/admin/schedule-drafts', { method: 'POST', body: input }),
  });
}
