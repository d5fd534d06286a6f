import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScheduleResponse } from '../../../../contract/schedule';
import { apiGet } from '../../../lib/api-client';

export const scheduleKeys = { all: ['schedule'] as const };

/**
 * GET /v1/schedule. Public: sent without the session's token. The server answers with an ETag
 * and `no-cache`, so the browser revalidates and a repeat load is a 304 from its HTTP cache.
 */
export const getSchedule = (signal?: AbortSignal) =>
  apiGet<ScheduleResponse>('/v1/schedule', { anonymous: true, signal });

export const scheduleQuery = queryOptions({
  queryKey: scheduleKeys.all,
  queryFn: ({ signal }) => getSchedule(signal),
});

export function useSchedule() {
  return useQuery(scheduleQuery);
}
