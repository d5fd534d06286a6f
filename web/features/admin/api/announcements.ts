import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnnouncementInput,
  DeskAnnouncement,
  DeskAnnouncementsResponse,
} from '../../../../contract/announcements';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /v1/admin/announcements: every announcement, the latest start first. */
export function useDeskAnnouncements() {
  return useQuery({
    queryKey: ['admin', 'announcements'],
    queryFn: ({ signal }) => apiGet<DeskAnnouncementsResponse>('/v1/admin/announcements?limit=100', { signal }),
    gcTime: 0,
  });
}

// The banner every page shows follows at once, and the audit log gets the new entry.
const refresh = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: ['admin'] }),
    client.invalidateQueries({ queryKey: ['announcements'] }),
  ]);

/** POST /v1/admin/announcements */
export function usePostAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      apiRequest<DeskAnnouncement>('/v1/admin/announcements', { method: 'POST', body: input }),
    onSettled: () => refresh(client),
  });
}

/** DELETE /v1/admin/announcements/{id} */
export function useDeleteAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/v1/admin/announcements/${id}`, { method: 'DELETE' }),
    onSettled: () => refresh(client),
  });
}
