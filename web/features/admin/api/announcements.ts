import { useQuery } from '@tanstack/react-query';
import type {
  AnnouncementInput,
  DeskAnnouncement,
  DeskAnnouncementsResponse,
} from '../../../../contract/announcements';
import { apiRequest } from '../../../lib/api-client';
import { deskQuery, useDeskMutation } from './desk-query';

/** GET /v1/admin/announcements: every announcement, the latest start first. */
export function useDeskAnnouncements() {
  return useQuery(deskQuery<DeskAnnouncementsResponse>(['announcements'], '/v1/admin/announcements?limit=100'));
}

// The banner every page shows follows at once, and the audit log gets the new entry.
const BANNER = [['announcements']];

/** POST /v1/admin/announcements */
export function usePostAnnouncement() {
  return useDeskMutation(
    (input: AnnouncementInput) =>
      apiRequest<DeskAnnouncement>('/v1/admin/announcements', { method: 'POST', body: input }),
    BANNER,
  );
}

/** DELETE /v1/admin/announcements/{id} */
export function useDeleteAnnouncement() {
  return useDeskMutation(
    (id: number) => apiRequest<null>(`/v1/admin/announcements/${id}`, { method: 'DELETE' }),
    BANNER,
  );
}
