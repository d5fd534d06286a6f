import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { DashboardResponseSchema } from '../../../../contract/admin';
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

describe('the committee desk on /admin', () => {
  test('an admin sees the figures under the test message, each linking to its list, and the exports and audit log', async () => {
    saveSession(inject('adminSession'));
    await openBoard();
    expect(await screen.findByText('Admin Content.')).toBeInTheDocument();
    const direct = await fetch(`${inject('apiUrl')}/v1/admin/dashboard`, {
      headers: { authorization: `Bearer ${inject('adminSession').jwt_token}` },
    });
    const figures = DashboardResponseSchema.parse(await direct.json());
    const hosts = await screen.findByRole('link', { name: 'Hosts' });
    expect(hosts).toHaveAttribute('href', '/admin/people?role=host');
    expect(hosts.parentElement).toHaveTextContent(String(figures.users.host));
    expect(screen.getByRole('link', { name: 'Slot 2' })).toHaveAttribute('href', '/venues?slot=Slot+2');
    expect(screen.getByRole('link', { name: 'Scheduled sets' })).toHaveAttribute('href', '/schedule');
    expect(screen.getByRole('button', { name: 'Download Venues (with owners)' })).toBeEnabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Audit log' })).toBeInTheDocument();
  });

  test('an admin grants admin to a person from People, and the server agrees at once', async () => {
    const person = await signUp(['host'], 'Greta Grantme');
    saveSession(inject('adminSession'));
    const { user } = renderApp(`/admin/people?search=${encodeURIComponent(person.email)}`);
    const grant = await screen.findByRole('button', { name: 'Grant admin to Greta Grantme' });
    await user.click(grant);
    // The page has other live regions (the offline banner's, hidden while online): find this one by its words.
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain('Greta Grantme is now an admin.'),
    );
    expect(await screen.findByRole('button', { name: 'Revoke admin from Greta Grantme' })).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /Greta Grantme/ });
    expect(within(row).getByText('Admin, Host')).toBeInTheDocument();
    // The server agrees: the person can open the desk now.
    const asPerson = await fetch(`${inject('apiUrl')}/v1/admin/dashboard`, {
      headers: { authorization: `Bearer ${person.jwt_token}` },
    });
    expect(asPerson.status).toBe(200);
  });
});
