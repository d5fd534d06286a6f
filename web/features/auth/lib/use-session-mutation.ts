import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '../../../../contract/auth';
import { saveSession } from '../../../lib/session';

/** A call whose answer is the signed-in user: the session is stored as soon as it comes. */
export function useSessionMutation<I>(mutationFn: (input: I) => Promise<SessionUser>) {
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      saveSession(user);
    },
  });
}
