import { useEffect } from 'react';
import { ApiError, apiGet } from './api-client';
import { clearSession, currentSession } from './session';

let inFlight: Promise<void> | null = null;
let queued: Promise<void> | null = null;

async function askServer(): Promise<void> {
  const session = currentSession();
  if (!session) return;
  try {
    // The cheapest authenticated call (docs/behaviour.md#the-api): 200 while the session stands,
    // 401 once a logout or a password change elsewhere has revoked its token
    // (docs/decisions/0005-sessions.md).
    await apiGet('/v1/test/user', { quiet: true });
  } catch (error) {
    // Only the server's "not signed in" ends the session, and only the one it was asked about
    // (someone may have signed in again meanwhile). No answer at all is no verdict.
    if (error instanceof ApiError && error.status === 401 && currentSession()?.jwt_token === session.jwt_token) {
      clearSession();
    }
  }
}

/**
 * Checks the stored session against the server; a session that has ended elsewhere is dropped
 * silently, like an expired one (docs/decisions/0018-walk-fixes.md). One check at a time; a check
 * asked for while one is under way runs once that one is over, since the session may have ended
 * after the running one was asked (the app regains focus while the check made at load is out).
 */
export function checkSession(): Promise<void> {
  if (!inFlight) {
    inFlight = askServer().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }
  queued ??= inFlight.then(() => {
    queued = null;
    return checkSession();
  });
  return queued;
}

/** Checks the session when the app loads and whenever it comes back to the front. */
export function useSessionCheck(): void {
  useEffect(() => {
    void checkSession();
    const onFocus = () => void checkSession();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkSession();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}
