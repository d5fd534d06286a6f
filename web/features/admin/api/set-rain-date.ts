import type { RainDateStatus, SetRainDateInput } from '../../../../contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { useDeskMutation, SCHEDULE_AND_FESTIVAL } from './desk-query';

/** PUT /v1/admin/settings/rain-date: every page's date, the schedule and the desk follow. */
export function useSetRainDate() {
  return useDeskMutation(
    (input: SetRainDateInput) =>
      apiRequest<RainDateStatus>('/v1/admin/settings/rain-date', { method: 'PUT', body: input }),
    SCHEDULE_AND_FESTIVAL,
  );
}
