import { useQuery } from '@tanstack/react-query';
import type { DeskSettings } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/settings */
export function useDeskSettings() {
  return useQuery(deskQuery<DeskSettings>(['settings'], '/v1/admin/settings'));
}
