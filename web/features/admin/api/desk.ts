import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AuditResponse,
  DashboardResponse,
  DeskSettings,
  SetScheduleReleaseInput,
  ExportName,
  PeopleQuery,
  RainDateStatus,
  SetRainDateInput,
  PeopleResponse,
  Person,
  SetAdminInput,
  CreateMailingInput,
  Mailing,
  MailingAudience,
  MailingRecipients,
  MailingsResponse,
} from '../../../../contract/admin';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { deskQuery, useDeskMutation } from './desk-query';

/** GET /v1/admin/dashboard */
export function useDashboard() {
  return useQuery(deskQuery<DashboardResponse>(['dashboard'], '/v1/admin/dashboard'));
}

/** GET /v1/admin/users */
export function usePeople(
  query: Pick<PeopleQuery, 'offset' | 'limit'> & Partial<Pick<PeopleQuery, 'search' | 'role'>>,
) {
  const params = new URLSearchParams({
    offset: String(query.offset),
    limit: String(query.limit),
    include_total: 'true',
  });
  if (query.search) params.set('search', query.search);
  if (query.role) params.set('role', query.role);
  return useQuery({
    ...deskQuery<PeopleResponse>(['users', params.toString()], `/v1/admin/users?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** PUT /v1/admin/users/{id}/admin */
export function useSetAdmin() {
  return useDeskMutation(({ id, input }: { id: number; input: SetAdminInput }) =>
    apiRequest<Person>(`/v1/admin/users/${id}/admin`, { method: 'PUT', body: input }),
  );
}

/** GET /v1/admin/audit */
export function useAudit(offset: number, limit: number) {
  return useQuery({
    ...deskQuery<AuditResponse>(['audit', offset, limit], `/v1/admin/audit?offset=${offset}&limit=${limit}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /v1/admin/exports/{name}.csv, saved by the browser under the server's file name. */
export async function downloadExport(name: ExportName, slug: string): Promise<void> {
  const blob = await apiDownload(`/v1/admin/exports/${name}.csv`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}-${name}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download has its own copy by then.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// The release time and the rain date change every page's schedule and dates.
// The release time and the rain switch change who plays where on the act and venue cards too
// (docs/decisions/0054-rain-date-and-release.md).
const SCHEDULE_AND_FESTIVAL = [['schedule'], ['festival'], ['acts'], ['venues']];

/** GET /v1/admin/settings */
export function useDeskSettings() {
  return useQuery(deskQuery<DeskSettings>(['settings'], '/v1/admin/settings'));
}

/** PUT /v1/admin/settings/schedule-release */
export function useSetScheduleRelease() {
  return useDeskMutation(
    (input: SetScheduleReleaseInput) =>
      apiRequest<DeskSettings>('/v1/admin/settings/schedule-release', { method: 'PUT', body: input }),
    SCHEDULE_AND_FESTIVAL,
  );
}

/** GET /v1/admin/rain-date */
export function useRainDate() {
  return useQuery(deskQuery<RainDateStatus>(['rain-date'], '/v1/admin/rain-date'));
}

/** PUT /v1/admin/settings/rain-date: every page's date, the schedule and the desk follow. */
export function useSetRainDate() {
  return useDeskMutation(
    (input: SetRainDateInput) =>
      apiRequest<RainDateStatus>('/v1/admin/settings/rain-date', { method: 'PUT', body: input }),
    SCHEDULE_AND_FESTIVAL,
  );
}

/** GET /v1/admin/mailings/recipients: how many people a mail to the audience reaches now. */
export function useMailingRecipients(audience: MailingAudience) {
  return useQuery(
    deskQuery<MailingRecipients>(
      ['mailings', 'recipients', audience],
      `/v1/admin/mailings/recipients?audience=${audience}`,
    ),
  );
}

/** GET /v1/admin/mailings: asked again every 5 s while a mailing still has mail queued. */
export function useMailings() {
  return useQuery({
    ...deskQuery<MailingsResponse>(['mailings', 'list'], '/v1/admin/mailings?limit=20'),
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.queued > 0) ? 5_000 : false),
  });
}

/** POST /v1/admin/mailings */
export function useCreateMailing() {
  return useDeskMutation((input: CreateMailingInput) =>
    apiRequest<Mailing>('/v1/admin/mailings', { method: 'POST', body: input }),
  );
}
