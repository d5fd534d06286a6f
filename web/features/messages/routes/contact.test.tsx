import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, inject, test, vi } from 'vitest';
import { REQUIRED } from '../../../../contract/forms';
import { ContactMessages } from '../../../../contract/messages';
import { setApiBaseUrl } from '../../../lib/api-client';
import { saveSession } from '../../../lib/session';
import { watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';

afterEach(() => {
  vi.restoreAllMocks();
});

// Quill loads lazily, and under jsdom the first load takes a few seconds.
const EDITOR_WAIT = { timeout: 15_000 };
const editor = () => screen.findByRole('textbox', { name: /^Message/ }, EDITOR_WAIT);

async function openContact() {
  const app = renderApp('/contact');
  await screen.findByRole('heading', { level: 1, name: 'Contact the committee' });
  await screen.findByRole('combobox', { name: /^Category/ });
  return app;
}

describe('/contact', () => {
  test('offers the configured categories, by name, after an empty choice', async () => {
    await openContact();
    const options = within(screen.getByRole('combobox', { name: /^Category/ })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Choose a category',
      'General question',
      'Technical issue',
      'Matching hosts and performers',
      'Volunteering',
    ]);
    expect(options.map((o) => o.getAttribute('value'))).toEqual([
      '',
      'general',
      'technical_issue',
      'matching',
      'volunteering',
    ]);
  });

  test('an empty form shows every validation message beside its field and sends nothing', async () => {
    const calls = watchFetch();
    const { user } = await openContact();
    await editor();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const category = screen.getByRole('combobox', { name: /^Category/ });
    await waitFor(() => expect(category).toHaveAttribute('aria-invalid', 'true'));
    expect(category).toHaveAccessibleDescription(REQUIRED);
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveAccessibleDescription(ContactMessages.emailInvalid);
    expect(await editor()).toHaveAccessibleDescription(REQUIRED);
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  }, 30_000);

  test('an address that is not one reads "A valid email address is required"', async () => {
    const { user } = await openContact();
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'porch.example.test');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(ContactMessages.emailInvalid)).toBeInTheDocument();
  });

  test("prefills the signed-in user's e-mail", async () => {
    const person = await signUp(['performer']);
    saveSession(person);
    await openContact();
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue(person.email);
  });

  test('keeps the honeypot away from people and assistive technology', async () => {
    await openContact();
    // Not in the accessibility tree, so not found by role...
    expect(screen.queryByRole('textbox', { name: /website/i })).not.toBeInTheDocument();
    // ...but in the page for a robot to fill, out of the tab order.
    const trap = document.getElementById('contact-website');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  test('a complete form is sent and leads to /contact-thankyou', async () => {
    const calls = watchFetch();
    const { user, router } = await openContact();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'volunteering');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'helper@example.test');
    await user.type(await editor(), 'I can carry chairs.');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contact-thankyou'));
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([expect.stringMatching(/\/v1\/contact$/)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you' })).toBeInTheDocument();
    expect(screen.getByText(/committee will be in touch/)).toBeInTheDocument();
  }, 30_000);

  test('when the server cannot be reached, the form says so and keeps what was written', async () => {
    const { user, router } = await openContact();
    await user.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), 'general');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'offline@example.test');
    await user.type(await editor(), 'Is there parking?');
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    // Port 9 (discard) is one fetch refuses to call ("bad port"): the call gets no response at all, as offline.
    setApiBaseUrl('http://127.0.0.1:9');
    try {
      await user.click(screen.getByRole('button', { name: 'Submit' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Your message was not sent: the server could not be reached. Check your connection and try again. What you wrote is still here.',
      );
    } finally {
      setApiBaseUrl(inject('apiUrl'));
    }
    expect(router.state.location.pathname).toBe('/contact');
    expect(await editor()).toHaveTextContent('Is there parking?');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('offline@example.test');
  }, 30_000);
});
