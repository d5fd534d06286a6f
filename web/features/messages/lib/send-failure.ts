import { ApiError, NetworkError } from '../../../lib/api-client';

const KEPT = 'What you wrote is still here.';

/** "in 15 minutes", "in 2 hours": the server's Retry-After as a person reads it. */
export function waitText(seconds: number | null): string {
  if (seconds === null) return 'later';
  if (seconds <= 60) return 'in a minute';
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'in an hour' : `in ${hours} hours`;
}

/**
 * The sentence shown when a message could not be sent, in words a person can act on: what
 * went wrong, what to do, and that nothing they wrote was lost (docs/decisions/0018-walk-fixes.md).
 * `tooMany` names whose limit a 429 is, e.g. 'Too many messages from this address'.
 */
export function sendFailureText(error: unknown, tooMany: string): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return `${tooMany}; try again ${waitText(error.retryAfterSeconds)}. ${KEPT}`;
    if (error.status >= 500) {
      return `Your message was not sent: something went wrong on our side. Please try again in a few minutes. ${KEPT}`;
    }
    return `Your message was not sent: ${error.body.error} ${KEPT}`;
  }
  if (error instanceof NetworkError) {
    return `Your message was not sent: the server could not be reached. Check your connection and try again. ${KEPT}`;
  }
  return `Your message was not sent. Please try again. ${KEPT}`;
}
