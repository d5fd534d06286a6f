import { screen, waitFor } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { renderApp, signUp } from '../../../test/render-app';

const detail = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('/profile', () => {
  test('a signed-out visitor is sent to /login', async () => {
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('shows the name, e-mail and roles, and links to the lists the user may keep', async () => {
    const person = await signUp(['host', 'performer'], 'Penny Profile');
    saveSession(person);
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(detail('Name')).toHaveTextContent('Penny Profile');
    expect(detail('Email')).toHaveTextContent(person.email);
    expect(detail('Roles')).toHaveTextContent('Host, Performer');
    expect(screen.getByRole('link', { name: 'Your venues' })).toHaveAttribute('href', '/myvenues');
    expect(screen.getByRole('link', { name: 'Your acts' })).toHaveAttribute('href', '/myacts');
    await waitFor(() => expect(document.title).toBe('Profile | Porchfest'));
  });

  test('an admin is listed as Admin', async () => {
    saveSession(inject('adminSession'));
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profile' });
    expect(detail('Roles')).toHaveTextContent('Admin');
  });

  test.each([['host'], ['performer']] as const)(
    'a %s alone still gets links to both Your venues and Your acts',
    async (role) => {
      saveSession(await signUp([role]));
      renderApp('/profile');
      await screen.findByRole('heading', { level: 1, name: 'Profile' });
      expect(screen.getByRole('link', { name: 'Your venues' })).toHaveAttribute('href', '/myvenues');
      expect(screen.getByRole('link', { name: 'Your acts' })).toHaveAttribute('href', '/myacts');
    },
  );
});
