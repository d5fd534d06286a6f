import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { apiDownload, apiGet, apiRequest } from '../../../lib/api-client';

// Every desk answer depends on who is signed in and changes with every edit anywhere: asked
// afresh on every visit (gcTime 0), never served from another session's cache.

/** GET /v1/admin/dashboard */
export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => apiGet<DashboardResponse>('/v1/admin/dashboard', { signal }),
    gcTime: 0,
  });
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
    queryKey: ['admin', 'users', params.toString()],
    queryFn: ({ signal }) => apiGet<PeopleResponse>(`/v1/admin/users?${params.toString()}`, { signal }),
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

/** PUT /v1/admin/users/{id}/admin */
export function useSetAdmin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: SetAdminInput }) =>
      apiRequest<Person>(`/v1/admin/users/${id}/admin`, { method: 'PUT', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** GET /v1/admin/audit */
export function useAudit(offset: number, limit: number) {
  return useQuery({
    queryKey: ['admin', 'audit', offset, limit],
    queryFn: ({ signal }) => apiGet<AuditResponse>(`/v1/admin/audit?offset=${offset}&limit=${limit}`, { signal }),
    placeholderData: keepPreviousData,
    gcTime: 0,
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

/** GET /v1/admin/settings */
export function useDeskSettings() {
  return useQuery({
    queryKey: ['admin', 'settings'],
    queryFn: ({ signal }) => apiGet<DeskSettings>('/v1/admin/settings', { signal }),
    gcTime: 0,
  });
}

/** PUT /v1/admin/settings/schedule-release */
export function useSetScheduleRelease() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetScheduleReleaseInput) =>
      apiRequest<DeskSettings>('/v1/admin/settings/schedule-release', { method: 'PUT', body: input }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['schedule'] }),
        client.invalidateQueries({ queryKey: ['festival'] }),
      ]),
  });
}

/** GET /v1/admin/rain-date */
export function useRainDate() {
  return useQuery({
    queryKey: ['admin', 'rain-date'],
    queryFn: ({ signal }) => apiGet<RainDateStatus>('/v1/admin/rain-date', { signal }),
    gcTime: 0,
  });
}

/** PUT /v1/admin/settings/rain-date: every page's date, the schedule and the desk follow. */
export function useSetRainDate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SetRainDateInput) =>
      apiRequest<RainDateStatus>('/v1/admin/settings/rain-date', { method: 'PUT', body: input }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin'] }),
        client.invalidateQueries({ queryKey: ['schedule'] }),
        client.invalidateQueries({ queryKey: ['festival'] }),
      ]),
  });
}

/** GET /v1/admin/mailings/recipients: how many people a mail to the audience reaches now. */
export function useMailingRecipients(audience: MailingAudience) {
  return useQuery({
    queryKey: ['admin', 'mailings', 'recipients', audience],
    queryFn: ({ signal }) =>
      apiGet<MailingRecipients>(`/v1/admin/mailings/recipients?audience=${audience}`, { signal }),
    gcTime: 0,
  });
}

/** GET /v1/admin/mailings: asked again every 5 s while a mailing still has mail queued. */
export function useMailings() {
  return useQuery({
    queryKey: ['admin', 'mailings', 'list'],
    queryFn: ({ signal }) => apiGet<MailingsResponse>('/v1/admin/mailings?limit=20', { signal }),
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.queued > 0) ? 5_000 : false),
    gcTime: 0,
  });
}

/** POST /v1/admin/mailings */
export function useCreateMailing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMailingInput) =>
      apiRequest<Mailing>('/v1/admin/mailings', { method: 'POST', body: input }),
    onSettled: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
