import { useQuery } from '@tanstack/react-query';
import type { Draft } from '../../../../contract/drafts';
import { deskQuery } from './desk-query';

/** How often a draft being solved is asked about. */
export const DRAFT_POLL_MS = 1_000;

/**
 * GET /v1/admin/schedule-drafts/{id}: asked again every second while it solves. A 404 means the
 * server restarted and forgot it (drafts live in its memory only); the message says so.
 */
export function useScheduleDraft(id: number | null) {
  return useQuery({
    ...deskQuery<Draft>(['schedule-drafts', id], `/v1/admin/schedule-drafts/${id ?? 0}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'solving' ? DRAFT_POLL_MS : false),
  });
}
