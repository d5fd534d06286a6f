import type { CreateMailingInput, Mailing } from '../../../../contract/admin';
import { apiRequest } from '../../../lib/api-client';
import { useDeskMutation } from './desk-query';

/** POST /v1/admin/mailings */
export function useCreateMailing() {
  return useDeskMutation((input: CreateMailingInput) =>
    apiRequest<Mailing>('/v1/admin/mailings', { method: 'POST', body: input }),
  );
}
