import { useQuery } from '@tanstack/react-query';
import type { MailingsResponse } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/mailings: asked again every 5 s while a mailing still has mail queued. */
export function useMailings() {
  return useQuery({
    ...deskQuery<MailingsResponse>(['mailings', 'list'], '/v1/admin/mailings?limit=20'),
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.queued > 0) ? 5_000 : false),
  });
}
