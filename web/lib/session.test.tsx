import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { AuthServerMessages, type SignupInput } from '../../contract/auth';
import { renderApp, signUp } from '../test/render-app';
import { watchFetch } from '../test/fetch-calls';
import { ApiError, apiGet, setApiBaseUrl } from './api-client';
import { checkSession } from './session-check';
import { currentSession, saveSession, SESSION_STORAGE_KEY, tokenExpiresAt } from './session';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Moves the browser's clock (Date only) past the token's expiry; the server's clock stays. */
function jumpPastExpiry(token: string): void {
  const expiresAt = tokenExpiresAt(token);
  if (expiresAt === null) throw new Error('the server issued a token without exp');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(expiresAt + 60_000);
}

/** Ends the person's session on the server, as a logout or a password reset elsewhere does. */
const signOutElsewhere = async (token: string) =>
  expect(
    (
      await fetch(`${inject('apiUrl')}/v1/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    ).status,
  ).toBe(200);

/** At /login, signed out (the menu offers Login / Register, not the person's menu), with no alert. */
async function signedOutQuietly(name: string): Promise<void> {
  expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
  expect(within(nav).queryByRole('button', { name })).not.toBeInTheDocument();
  expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

/**
 * A host's stored session that `spoil` makes no good before the app loads /profile: it is dropped
 * silently, with no dialog.
 */
async function droppedQuietlyAtLoad(name: string, spoil: (token: string) => unknown): Promise<void> {
  const confirm = vi.spyOn(window, 'confirm');
  const person = await signUp(['host'], name);
  saveSession(person);
  await spoil(person.jwt_token);
  renderApp('/profile');
  // /profile sends a signed-out visitor to /login.
  await signedOutQuietly(name);
  expect(confirm).not.toHaveBeenCalled();
}

/** Signs the new person in and opens their profile. */
async function atOwnProfile(roles: SignupInput['roles'], name: string) {
  const person = await signUp(roles, name);
  saveSession(person);
  renderApp('/profile');
  expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  return person;
}

describe('session', () => {
  test('an expired stored token is dropped silently at start: signed out, no alert, no dialog', () =>
    droppedQuietlyAtLoad('Ezra Expired', jumpPastExpiry));

  test('a token that has not expired keeps the user signed in', async () => {
    const person = await atOwnProfile(['host'], 'Vera Valid');
    expect(screen.getByText('Vera Valid', { selector: 'dd' })).toBeInTheDocument();
    expect(currentSession()).toEqual(person);
  });

  test('an authenticated call never sends an expired token: it is dropped first', async () => {
    // The admin's token is still good on the server (its clock did not move), so the only
    // way to get a 401 here is for the browser to have left the token out.
    const admin = inject('adminSession');
    saveSession(admin);
    await expect(apiGet('/v1/test/admin')).resolves.toEqual({ message: 'Admin Content.' });

    jumpPastExpiry(admin.jwt_token);
    const failure = await apiGet('/v1/test/admin').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).body.error).toBe(AuthServerMessages.unauthenticated);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('only a response carrying jwt_token becomes a session', () => {
    expect(saveSession({ message: 'Public Content.' })).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(currentSession()).toBeNull();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('Logout signs out on the server too and forgets the session', async () => {
    const person = await signUp(['performer'], 'Lou Logout');
    saveSession(person);
    const { user } = renderApp('/profile');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('button', { name: 'Lou Logout' }));
    await user.click(within(nav).getByRole('button', { name: 'Logout' }));

    expect(await within(nav).findByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    // The old token is no longer accepted by the server.
    const response = await fetch(`${inject('apiUrl')}/v1/test/user`, {
      headers: { authorization: `Bearer ${person.jwt_token}` },
    });
    expect(response.status).toBe(401);
  });

  test('a session ended elsewhere is dropped quietly when the app loads', () =>
    droppedQuietlyAtLoad('Lena Loaded', signOutElsewhere));

  test('a session ended elsewhere is dropped quietly when the app regains focus', async () => {
    const person = await atOwnProfile(['performer'], 'Fay Focus');
    await signOutElsewhere(person.jwt_token);
    fireEvent.focus(window);
    await signedOutQuietly('Fay Focus');
  });

  test('a check asked for while one is out asks the server again once that one is answered', async () => {
    // The focus after a sign-out elsewhere must not get the answer of a check asked before it.
    const person = await signUp(['host'], 'Quinn Queue');
    saveSession(person);
    const calls = watchFetch();
    const asked = () => calls().filter((call) => call.endsWith('/v1/test/user')).length;
    const atLoad = checkSession();
    const onFocus = checkSession();
    const onVisible = checkSession();
    expect(asked()).toBe(1);
    await Promise.all([atLoad, onFocus, onVisible]);
    expect(asked()).toBe(2);
    expect(currentSession()?.id).toBe(person.id);
  });

  test('no answer from the server is no verdict: the person stays signed in, with no dialog', async () => {
    const person = await atOwnProfile(['host'], 'Nell Network');
    // The check made at load has had its answer.
    await checkSession();
    const confirm = vi.spyOn(window, 'confirm');
    const calls = watchFetch();
    // Port 9 (discard) is one fetch refuses to call ("bad port"): the call gets no response at all, as offline.
    setApiBaseUrl('http://127.0.0.1:9');
    try {
      fireEvent.focus(window);
      await waitFor(() => expect(calls()).toContain('GET http://127.0.0.1:9/v1/test/user'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      setApiBaseUrl(inject('apiUrl'));
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(currentSession()?.id).toBe(person.id);
    expect(confirm).not.toHaveBeenCalled();
  });
});
