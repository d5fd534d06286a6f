import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, UpdatePassInput } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';

/** Our API also requires the reset token (contract/auth.ts UpdatePassInputSchema). */
export const updatePass = (input: UpdatePassInput) =>
  apiPost<MessageResponse>('/v1/auth/updatepass', input, { anonymous: true });

export function useUpdatePass() {
  return useMutation({ mutationFn: updatePass });
}
