import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { AuthMessages, AuthServerMessages } from '../../../../contract/auth';
import { watchAuthCalls } from '../../../test/auth-calls';
import { renderApp, signUp } from '../../../test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/forgotpass', () => {
  test('bad input shows the validation messages and calls nothing', async () => {
    const authCalls = watchAuthCalls();
    const { user } = renderApp('/forgotpass');
    const button = await screen.findByRole('button', { name: 'Reset Password' });
    await user.click(button);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AuthMessages.emailRequired);
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(button);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AuthMessages.emailInvalid);
    expect(authCalls()).toEqual([]);
  });

  test('a request shows the confirmation with the address', async () => {
    const person = await signUp(['host']);
    const { user } = renderApp('/forgotpass');
    await user.type(await screen.findByLabelText('Email'), person.email);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText(
        `If your account exists, you will receive an email to ${person.email} with instructions on how to reset your password.`,
      ),
    ).toBeInTheDocument();
  });
});

describe('/resetpass', () => {
  test("a bad token shows the server's error in a red alert and no form", async () => {
    renderApp(`/resetpass?email=${encodeURIComponent('someone@example.test')}&token=not-a-real-token`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AuthServerMessages.tokenInvalid);
    expect(alert).toHaveClass('alert-danger');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  test('a link without its parameters shows the same error and no form', async () => {
    renderApp('/resetpass');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.tokenInvalid);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  test('a valid link shows the form; bad input is refused locally; a good password is saved', async () => {
    const { user } = renderApp(`/resetpass${inject('resetLinkQuery')}`);
    const password = await screen.findByLabelText('New Password');
    const confirm = screen.getByLabelText('Confirm password');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(document.title).toBe('Reset password | Porchfest'));

    const authCalls = watchAuthCalls();
    await user.click(submit);
    expect(password).toHaveAccessibleDescription(AuthMessages.passwordRequired);

    await user.type(password, 'short');
    await user.type(confirm, 'different');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription(AuthMessages.passwordWeak);
    expect(confirm).toHaveAccessibleDescription(AuthMessages.passwordsDontMatch);

    await user.clear(password);
    await user.type(password, 'New-Porch-Song-7');
    await user.click(submit);
    expect(confirm).toHaveAccessibleDescription(AuthMessages.passwordsDontMatch);
    expect(authCalls()).toEqual([]);

    await user.clear(confirm);
    await user.type(confirm, 'New-Porch-Song-7');
    await user.click(submit);
    await waitFor(() => expect(authCalls()).toEqual([expect.stringMatching(/\/v1\/auth\/updatepass$/)]));

    // The new password now signs in, through the real API.
    await waitFor(async () => {
      const response = await fetch(`${inject('apiUrl')}/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: inject('resetLinkEmail'), password: 'New-Porch-Song-7' }),
      });
      expect(response.status).toBe(200);
    });
  });
});
