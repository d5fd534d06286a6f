import { decodeJwt } from 'jose';
import type { SessionUser } from '../../contract/auth';
import { deviceStore } from './device-store';
import { useDeviceValue } from './device-value';

/** docs/behaviour.md#entities: the whole sign-in response is kept in the browser under this key. */
export const SESSION_STORAGE_KEY = 'user';

// setTimeout keeps a signed 32-bit delay; a longer one would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

let expiryTimer: ReturnType<typeof setTimeout> | undefined;

// A hand-written check rather than the contract's zod schema: it keeps zod out of the
// JavaScript every page loads.
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.jwt_token === 'string' &&
    v.jwt_token.length > 0 &&
    typeof v.id === 'number' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.is_admin === 'boolean' &&
    typeof v.is_host === 'boolean' &&
    typeof v.is_performer === 'boolean'
  );
}

// Kept on the device as every device value is (web/lib/device-store.ts): another tab's sign-in or
// sign-out reaches this one, and blocked storage (private mode, policies) signs in for the page only.
const store = deviceStore<SessionUser | null>(SESSION_STORAGE_KEY, (v) => (isSessionUser(v) ? v : undefined), null);

/** The token's `exp` in milliseconds, or null when it has none or cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  try {
    // Reads the claims only: the signature is the server's to check on every call.
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

// A token we cannot read is left to the server to judge; only a known past `exp` logs out here.
function isExpired(user: SessionUser, now = Date.now()): boolean {
  const expiresAt = tokenExpiresAt(user.jwt_token);
  return expiresAt !== null && expiresAt <= now;
}

function scheduleExpiry(user: SessionUser | null): void {
  clearTimeout(expiryTimer);
  const expiresAt = user ? tokenExpiresAt(user.jwt_token) : null;
  if (expiresAt === null) return;
  expiryTimer = setTimeout(() => void currentSession(), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
}

/**
 * The signed-in user, checked: a stored token whose expiry has passed is removed silently
 * (docs/behaviour.md#states-and-transitions) and null is returned. Called at start, before each
 * authenticated call, and when the token's expiry time comes.
 */
export function currentSession(): SessionUser | null {
  const user = store.read();
  if (user && isExpired(user)) {
    clearSession();
    return null;
  }
  // Something unreadable under our key: drop it rather than trip over it on every load.
  if (store.unreadable()) clearSession();
  scheduleExpiry(user);
  return user;
}

/** docs/behaviour.md#entities: the whole response is stored, but only when it carries jwt_token. */
export function saveSession(response: unknown): SessionUser | null {
  if (!isSessionUser(response)) return null;
  store.write(response);
  scheduleExpiry(response);
  return response;
}

export function clearSession(): void {
  clearTimeout(expiryTimer);
  store.remove();
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = store.subscribe(listener);
  currentSession();
  return unsubscribe;
}

// Pure read for React: an expired token never shows as signed in, even before the check
// above has removed it.
function getSnapshot(): SessionUser | null {
  const user = store.read();
  return user && !isExpired(user) ? user : null;
}

/** The signed-in user, or null; re-renders on sign-in, sign-out and expiry. */
export function useSession(): SessionUser | null {
  return useDeviceValue(subscribe, getSnapshot, store.empty());
}
