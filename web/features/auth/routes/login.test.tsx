import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../../../contract/auth';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { watchAuthCalls } from '../../../test/auth-calls';
import { renderApp, signUp } from '../../../test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Login' });
  return app;
}

describe('/login', () => {
  test('has the fields, button, links and logo', async () => {
    await openLogin();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpass');
    expect(screen.getByRole('link', { name: 'Not a member? Register' })).toHaveAttribute('href', '/register');
    expect(await screen.findByRole('img', { name: 'Porchfest logo' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login | Porchfest'));
  });

  test('an empty form shows both "required" messages, tied to their fields, and calls nothing', async () => {
    const authCalls = watchAuthCalls();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(AuthMessages.emailRequired);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(AuthMessages.passwordRequired);
    expect(authCalls()).toEqual([]);
  });

  test('an address that is not an e-mail shows "Email is invalid" and calls nothing', async () => {
    const authCalls = watchAuthCalls();
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), 'porch.example.test');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(AuthMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.queryByText(AuthMessages.passwordRequired)).not.toBeInTheDocument();
    expect(authCalls()).toEqual([]);
  });

  test("a wrong password shows the server's error in a red alert under the form", async () => {
    const person = await signUp(['host']);
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), person.email);
    await user.type(screen.getByLabelText('Password'), 'Not-The-Password-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AuthServerMessages.badCredentials);
    expect(alert).toHaveClass('alert-danger');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  test('the right password stores the whole sign-in response as the session', async () => {
    const person = await signUp(['performer'], 'Lena Login');
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('Email'), person.email.toUpperCase());
    await user.type(screen.getByLabelText('Password'), 'Porch-Music-1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    // The nav bar turns into the account menu once the session is stored.
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('button', { name: 'Lena Login' })).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
    expect(stored).toMatchObject({ id: person.id, name: 'Lena Login', email: person.email, is_performer: true });
    expect(typeof stored.jwt_token).toBe('string');
  });

  test('?resetPass=true shows the password-reset notice; without it there is none', async () => {
    await openLogin('/login?resetPass=true');
    expect(
      screen.getByText('Your password has been reset successfully. You can use it to login below.'),
    ).toBeInTheDocument();
    document.body.innerHTML = '';
    await openLogin('/login?resetPass=false');
    expect(screen.queryByText(/Your password has been reset/)).not.toBeInTheDocument();
  });
});
