import { decodeJwt } from 'jose';
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../contract/auth';

/** docs/behaviour.md#entities: the whole sign-in response is kept in the browser under this key. */
export const SESSION_STORAGE_KEY = 'user';

// setTimeout keeps a signed 32-bit delay; a longer one would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode, policies): then nobody is signed in.
    return null;
  }
}

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

function parse(raw: string | null): SessionUser | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

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

function notify(): void {
  for (const listener of listeners) listener();
}

function storedUser(): SessionUser | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = parse(raw);
  }
  return cachedUser;
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
  const user = storedUser();
  if (user && isExpired(user)) {
    clearSession();
    return null;
  }
  if (readRaw() !== null && user === null) {
    // Something unreadable under our key: drop it rather than trip over it on every load.
    clearSession();
  }
  scheduleExpiry(user);
  return user;
}

/** docs/behaviour.md#entities: the whole response is stored, but only when it carries jwt_token. */
export function saveSession(response: unknown): SessionUser | null {
  if (!isSessionUser(response)) return null;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(response));
  } catch {
    return null;
  }
  scheduleExpiry(response);
  notify();
  return response;
}

export function clearSession(): void {
  clearTimeout(expiryTimer);
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  notify();
}

function onStorage(event: StorageEvent): void {
  // Signing in or out in another tab changes this one too.
  if (event.key === null || event.key === SESSION_STORAGE_KEY) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  currentSession();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

// Pure read for React: an expired token never shows as signed in, even before the check
// above has removed it.
function getSnapshot(): SessionUser | null {
  const user = storedUser();
  return user && !isExpired(user) ? user : null;
}

/** The signed-in user, or null; re-renders on sign-in, sign-out and expiry. */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribe, getSnapshot, () => null);
}
