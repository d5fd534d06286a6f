import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/dashboard */
export function useDashboard() {
  return useQuery(deskQuery<DashboardResponse>(['dashboard'], '/v1/admin/dashboard'));
}
