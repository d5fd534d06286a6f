import { useQuery } from '@tanstack/react-query';
import type { RainDateStatus } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/rain-date */
export function useRainDate() {
  return useQuery(deskQuery<RainDateStatus>(['rain-date'], '/v1/admin/rain-date'));
}
