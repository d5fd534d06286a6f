import { useQuery } from '@tanstack/react-query';
import type { AnnouncementsResponse } from '../../../../contract/announcements';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /v1/announcements, asked without the session so the browser may keep the answer and
 * revalidate it by its ETag (docs/decisions/0029-announcements.md). Quiet: a banner that cannot
 * load is no reason to interrupt anyone.
 */
export const announcementsKey = ['announcements'] as const;

export function useAnnouncements() {
  return useQuery({
    queryKey: announcementsKey,
    queryFn: ({ signal }) =>
      apiGet<AnnouncementsResponse>('/v1/announcements', { anonymous: true, quiet: true, signal }),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
}
