import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../contract/auth';
import type { ContactInput } from '../../../../contract/messages';
import { apiPost } from '../../../lib/api-client';

/** POST /v1/contact: a message to the committee. A signed-in sender's token goes along. */
export const sendContact = (input: ContactInput) => apiPost<MessageResponse>('/v1/contact', input);

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
