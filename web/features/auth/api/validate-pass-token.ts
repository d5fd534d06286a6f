import { useQuery } from '@tanstack/react-query';
import type { MessageResponse, ValidatePassTokenInput } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';

export const validatePassToken = (input: ValidatePassTokenInput) =>
  apiPost<MessageResponse>('/v1/auth/validatepasstoken', input, { anonymous: true });

/** docs/behaviour.md#reset-password: the reset link is checked once, when the screen loads. */
export function useValidatePassToken(input: ValidatePassTokenInput | null) {
  return useQuery({
    queryKey: ['validatepasstoken', input?.email, input?.token],
    queryFn: () => validatePassToken(input as ValidatePassTokenInput),
    enabled: input !== null,
    staleTime: Infinity,
    gcTime: 0,
  });
}
