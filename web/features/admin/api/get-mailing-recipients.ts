import { useQuery } from '@tanstack/react-query';
import type { MailingAudience, MailingRecipients } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/mailings/recipients: how many people a mail to the audience reaches now. */
export function useMailingRecipients(audience: MailingAudience) {
  return useQuery(
    deskQuery<MailingRecipients>(
      ['mailings', 'recipients', audience],
      `/v1/admin/mailings/recipients?audience=${audience}`,
    ),
  );
}
