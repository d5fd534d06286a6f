import { useMutation } from '@tanstack/react-query';
import type { SessionUser, SignupInput } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';

export const signup = (input: SignupInput) => apiPost<SessionUser>('/v1/auth/signup', input, { anonymous: true });

/**
 * Registers and, as the response carries jwt_token, signs the new user in
 * (docs/behaviour.md#states-and-transitions).
 */
export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: (user) => {
      saveSession(user);
    },
  });
}
