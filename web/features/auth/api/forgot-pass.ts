import { useMutation } from '@tanstack/react-query';
import type { ForgotPassInput, MessageResponse } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';

export const forgotPass = (input: ForgotPassInput) =>
  apiPost<MessageResponse>('/v1/auth/forgotpass', input, { anonymous: true });

export function useForgotPass() {
  return useMutation({ mutationFn: forgotPass });
}
