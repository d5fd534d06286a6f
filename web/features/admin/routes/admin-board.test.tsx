import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { SESSION_STORAGE_KEY, saveSession } from '../../../lib/session';
import { renderApp, signUp } from '../../../test/render-app';

async function openBoard() {
  renderApp('/admin');
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin board' })).toBeInTheDocument();
}

describe('/admin', () => {
  test("an admin sees the admin test endpoint's message", async () => {
    saveSession(inject('adminSession'));
    await openBoard();
    expect(await screen.findByText('Admin Content.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Admin board | Porchfest'));
  });

  test("a host sees the server's message and stays signed in (403 is not a logout)", async () => {
    const host = await signUp(['host'], 'Hugo Host');
    const direct = await fetch(`${inject('apiUrl')}/v1/test/admin`, {
      headers: { authorization: `Bearer ${host.jwt_token}` },
    });
    expect(direct.status).toBe(403);
    const { message } = (await direct.json()) as { message: string };
    saveSession(host);
    await openBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  test('a 401 (a session the server no longer accepts) logs the user out', async () => {
    const person = await signUp(['performer'], 'Stella Stale');
    // Signed out on the server (e.g. from another device): the stored token is now refused.
    await fetch(`${inject('apiUrl')}/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${person.jwt_token}` },
    });
    saveSession(person);
    await openBoard();

    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.unauthenticated);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Login / Register' })).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });
});
