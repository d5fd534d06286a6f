import type { SessionUser, SignupInput } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';
import { useSessionMutation } from '../lib/use-session-mutation';

export const signup = (input: SignupInput) => apiPost<SessionUser>('/v1/auth/signup', input, { anonymous: true });

/**
 * Registers and, as the response carries jwt_token, signs the new user in
 * (docs/behaviour.md#states-and-transitions).
 */
export function useSignup() {
  return useSessionMutation(signup);
}
