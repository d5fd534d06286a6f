import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleResponse } from '../../../../contract/schedule';
import { apiGet } from '../../../lib/api-client';
import { currentSession } from '../../../lib/session';

export const scheduleKeys = { all: ['schedule'] as const };

/**
 * GET /v1/schedule. Once released it is the same for everyone: asked without a token, the server
 * answers with an ETag and `no-cache`, so the browser (and the service worker, which never keeps
 * what carries a token) revalidates and a repeat load is a 304. Only before the release time does
 * the answer depend on who asks (a host sees their own bookings): then, and only for someone
 * signed in, it is asked again with the session's token (private, never stored).
 */
export async function getSchedule(signal?: AbortSignal): Promise<ScheduleResponse> {
  const open = await apiGet<ScheduleResponse>('/v1/schedule', { signal, anonymous: true });
  if (open.release?.released !== false || !currentSession()) return open;
  return apiGet<ScheduleResponse>('/v1/schedule', { signal });
}

export const scheduleQuery = queryOptions({
  queryKey: scheduleKeys.all,
  queryFn: ({ signal }) => getSchedule(signal),
});

export function useSchedule() {
  return useQuery(scheduleQuery);
}
