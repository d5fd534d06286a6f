import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/audit */
export function useAudit(offset: number, limit: number) {
  return useQuery({
    ...deskQuery<AuditResponse>(['audit', offset, limit], `/v1/admin/audit?offset=${offset}&limit=${limit}`),
    placeholderData: keepPreviousData,
  });
}
