import type { MessageResponse } from '../../../../contract/auth';
import { apiPost } from '../../../lib/api-client';
import { fullPageLoad } from '../../../lib/navigation';
import { clearSession, currentSession } from '../../../lib/session';

/**
 * Tells the server (best effort: signing out must work offline too), forgets the session
 * and reloads the home page so no screen keeps the old user's data.
 */
export async function logout(): Promise<void> {
  if (currentSession()) {
    await apiPost<MessageResponse>('/v1/auth/logout', undefined, { quiet: true }).catch(() => undefined);
  }
  clearSession();
  fullPageLoad('/');
}
