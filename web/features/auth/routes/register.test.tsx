import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../../../contract/auth';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { watchAuthCalls } from '../../../test/auth-calls';
import { renderApp, signUp } from '../../../test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { level: 1, name: 'Register' });
  const submit = () => app.user.click(screen.getByRole('button', { name: 'Register' }));
  return { ...app, submit };
}

const field = {
  name: () => screen.getByLabelText('Full name'),
  email: () => screen.getByLabelText('Email'),
  password: () => screen.getByLabelText('Password'),
  host: () => screen.getByRole('checkbox', { name: 'Host' }),
  performer: () => screen.getByRole('checkbox', { name: 'Performer' }),
  waiver: () => screen.getByRole('checkbox', { name: /Liability Waivers/ }),
};

describe('/register', () => {
  test('has every field, notice and link', async () => {
    await openRegister();
    expect(field.password()).toHaveAccessibleDescription('Min 8 characters, 1 upper case character, 1 symbol');
    expect(field.host()).not.toBeChecked();
    expect(field.performer()).not.toBeChecked();
    expect(field.waiver()).not.toBeChecked();
    expect(screen.getByText(/Who should register\?/)).toHaveTextContent('Who should register? See our FAQ page.');
    expect(screen.getByRole('link', { name: 'FAQ page' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'Already a member? Login' })).toHaveAttribute('href', '/login');
    const waivers = screen.getByRole('link', { name: /Liability Waivers/ });
    expect(waivers).toHaveAttribute('href', '/waivers');
    expect(waivers).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(document.title).toBe('Register | Porchfest'));
  });

  test('an empty form shows every "required" message and calls nothing', async () => {
    const authCalls = watchAuthCalls();
    const { submit } = await openRegister();
    await submit();

    expect(field.name()).toHaveAccessibleDescription(AuthMessages.nameRequired);
    expect(field.email()).toHaveAccessibleDescription(AuthMessages.emailRequired);
    expect(field.password()).toHaveAccessibleDescription(
      `Min 8 characters, 1 upper case character, 1 symbol ${AuthMessages.passwordRequired}`,
    );
    expect(field.host()).toHaveAccessibleDescription(AuthMessages.roleRequired);
    expect(field.performer()).toHaveAttribute('aria-invalid', 'true');
    expect(field.waiver()).toHaveAccessibleDescription(AuthMessages.waiverRequired);
    expect(screen.getByText(AuthMessages.waiverSummary)).toBeInTheDocument();
    expect(authCalls()).toEqual([]);
  });

  test('a short name, a bad address and weak passwords each get their validation message', async () => {
    const authCalls = watchAuthCalls();
    const { user, submit } = await openRegister();
    await user.type(field.name(), 'Abe');
    await user.type(field.email(), 'abe@');
    await user.type(field.password(), 'porch-music-1');
    await submit();

    expect(screen.getByText(AuthMessages.nameTooShort)).toBeInTheDocument();
    expect(screen.getByText(AuthMessages.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(AuthMessages.passwordWeak)).toBeInTheDocument();

    // Long enough, upper and lower case, a symbol, but no number: the stricter reading of
    // The password rule (contract/auth.ts isStrongPassword) refuses it too.
    await user.clear(field.password());
    await user.type(field.password(), 'Porch-Music');
    await submit();
    expect(screen.getByText(AuthMessages.passwordWeak)).toBeInTheDocument();
    expect(authCalls()).toEqual([]);
  });

  test('ticking a role and the waiver clears their messages', async () => {
    const { user, submit } = await openRegister();
    await submit();
    expect(screen.getByText(AuthMessages.roleRequired)).toBeInTheDocument();

    await user.click(field.performer());
    await user.click(field.waiver());
    expect(screen.queryByText(AuthMessages.roleRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(AuthMessages.waiverRequired)).not.toBeInTheDocument();
    expect(screen.queryByText(AuthMessages.waiverSummary)).not.toBeInTheDocument();
    expect(field.waiver()).not.toHaveAttribute('aria-invalid');
  });

  test("an address already registered shows the server's error in a red alert", async () => {
    const existing = await signUp(['host']);
    const { user, submit } = await openRegister();
    await user.type(field.name(), 'Second Person');
    await user.type(field.email(), existing.email);
    await user.type(field.password(), 'Porch-Music-1');
    await user.click(field.host());
    await user.click(field.waiver());
    await submit();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AuthServerMessages.emailTaken);
    expect(alert).toHaveClass('alert-danger');
  });

  test('a valid form registers for real and stores the session with the chosen roles', async () => {
    const { user, submit } = await openRegister();
    await user.type(field.name(), 'Rosa Register');
    await user.type(field.email(), `rosa-${Date.now()}@example.test`);
    await user.type(field.password(), 'Porch-Music-1');
    await user.click(field.host());
    await user.click(field.performer());
    await user.click(field.waiver());
    await submit();

    expect(await screen.findByRole('button', { name: 'Rosa Register' })).toBeInTheDocument();
    const stored = JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Record<string, unknown>;
    expect(stored).toMatchObject({ name: 'Rosa Register', is_host: true, is_performer: true, is_admin: false });
  });
});
