import type { SessionUser, SigninInput } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';
import { useSessionMutation } from '../lib/use-session-mutation';

export const signin = (input: SigninInput) => apiPost<SessionUser>('/v1/auth/signin', input, { anonymous: true });

/**
 * Signs in and stores the session (docs/behaviour.md#entities); the screen decides where to go
 * next.
 */
export function useSignin() {
  return useSessionMutation(signin);
}
