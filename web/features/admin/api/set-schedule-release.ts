import type { DeskSettings, SetScheduleReleaseInput } from '../../../../contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { useDeskMutation, SCHEDULE_AND_FESTIVAL } from './desk-query';

/** PUT /v1/admin/settings/schedule-release */
export function useSetScheduleRelease() {
  return useDeskMutation(
    (input: SetScheduleReleaseInput) =>
      apiRequest<DeskSettings>('/v1/admin/settings/schedule-release', { method: 'PUT', body: input }),
    SCHEDULE_AND_FESTIVAL,
  );
}
