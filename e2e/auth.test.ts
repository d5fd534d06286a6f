import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { AuthServerMessages } from '../contract/auth.js';
import type { CapturedMail } from '../server/test/smtp-sink.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('auth');

const PASSWORD = 'Porch-Music-2025';
const NEW_PASSWORD = 'Front-Steps-99!';
const RESET_NOTICE = 'Your password has been reset successfully. You can use it to login below.';

let people = 0;
function newPerson(prefix: string) {
  people += 1;
  return { name: `${prefix} Porchperson ${people}`, email: `${prefix.toLowerCase()}-${people}@example.test` };
}

/** The link in the reset e-mail: it must point at this server's /resetpass (PUBLIC_URL). */
function resetLinkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/resetpass\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No /resetpass link in the e-mail:\n${mail.text}`);
  return link;
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

/**
 * The account menu: a dropdown in the nav bar titled with the user's name
 * (docs/behaviour.md#navigation-bar).
 */
async function openAccountMenu(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation').getByRole('button', { name, exact: true }).click();
}

async function logOut(page: Page, name: string): Promise<void> {
  await openAccountMenu(page, name);
  await page
    .getByRole('button', { name: 'Logout' })
    .or(page.getByRole('menuitem', { name: 'Logout' }))
    .click();
  // Logout reloads the home page: wait for that load, or the next goto races it.
  await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
  await expect
    .poll(() => page.getByRole('link', { name: 'Login / Register' }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

/** Fills in the registration form for `person` with the `roles` boxes ticked, accepts the waiver and submits. */
async function register(
  page: Page,
  person: { name: string; email: string },
  roles: Array<'Host' | 'Performer'>,
): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  for (const role of roles) await page.getByRole('checkbox', { name: role, exact: true }).check();
  await page.getByRole('checkbox', { name: /Liability Waivers/ }).check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
}

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Signs up and asks for a reset over the API, and returns the link mailed to the person. */
async function mailedResetLink(email: string): Promise<string> {
  const signup = await fetch(`${app.baseUrl}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Axe Checker', email, password: PASSWORD, roles: ['host'] }),
  });
  expect(signup.status).toBe(201);
  const forgot = await fetch(`${app.baseUrl}/v1/auth/forgotpass`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  expect(forgot.status).toBe(200);
  return resetLinkIn(await app.smtp.waitFor((m) => m.envelopeTo.includes(email), 15_000));
}

describe('signing up, in and out, and resetting a password', () => {
  test('a host and performer registers, logs out and in, resets the password by e-mail and logs in with it', async () => {
    const { page } = app;
    const person = newPerson('Both');

    await register(page, person, ['Host', 'Performer']);

    // docs/behaviour.md#navigation-bar: after sign-up, /profile; the nav bar's dropdown is titled
    // with the name and, for a host and performer, holds both My Acts and My Venues.
    await waitForPath(page, '/profile');
    await openAccountMenu(page, person.name);
    await expect.poll(() => page.getByRole('link', { name: 'My Acts' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'My Venues' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Profile', exact: true }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await logOut(page, person.name);
    expect(await page.getByRole('button', { name: person.name }).count()).toBe(0);

    await page.goto('/login');
    await logIn(page, person.email, PASSWORD);
    await waitForPath(page, '/profile');
    await openAccountMenu(page, person.name);
    await expect.poll(() => page.getByRole('link', { name: 'My Venues' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await logOut(page, person.name);

    // Forgot password: the spec's confirmation, then the e-mail with a link to /resetpass.
    await page.goto('/forgotpass');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page
      .getByText(
        `If your account exists, you will receive an email to ${person.email} with instructions on how to reset your password.`,
      )
      .waitFor();
    const mail = await app.smtp.waitFor((m) => m.envelopeTo.includes(person.email), 15_000);
    const link = resetLinkIn(mail);
    expect(link.startsWith(`${app.baseUrl}/resetpass?`)).toBe(true);

    await page.goto(link);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('resetPass') === 'true');
    await page.getByText(RESET_NOTICE).waitFor();

    // The old password no longer works: the server's error shows in an alert, and we stay.
    await logIn(page, person.email, PASSWORD);
    await page.getByRole('alert').filter({ hasText: AuthServerMessages.badCredentials }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await logIn(page, person.email, NEW_PASSWORD);
    await waitForPath(page, '/profile');
    await expect
      .poll(() => page.getByRole('navigation').getByRole('button', { name: person.name, exact: true }).isVisible())
      .toBe(true);
  });

  test('a reset link with a bad token shows the server error in a red alert, and no form', async () => {
    const { page } = app;
    const person = newPerson('Token');
    await mailedResetLink(person.email);
    await page.goto(`/resetpass?email=${encodeURIComponent(person.email)}&token=not-the-mailed-token`);
    const alert = page.getByRole('alert').filter({ hasText: AuthServerMessages.tokenInvalid });
    await alert.waitFor();
    expect(await alert.evaluate((el) => el.classList.contains('alert-danger'))).toBe(true);
    expect(await page.getByLabel('New Password').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit' }).count()).toBe(0);
  });

  test('a performer only sees My Acts, not My Venues', async () => {
    const { page } = app;
    const person = newPerson('Performer');

    await register(page, person, ['Performer']);

    await waitForPath(page, '/profile');
    await openAccountMenu(page, person.name);
    await expect.poll(() => page.getByRole('link', { name: 'My Acts' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'My Venues' }).count()).toBe(0);
  });
});

describe('accessibility (axe, WCAG 2.1 A and AA)', () => {
  test.each([
    { path: '/login', ready: 'Login' },
    { path: '/register', ready: 'Register' },
    { path: '/forgotpass', ready: 'Reset Password' },
  ])('$path has no violations', async ({ path, ready }) => {
    const { page } = app;
    await page.goto(path);
    await page.getByRole('button', { name: ready, exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('/resetpass with a valid token (the form showing) has no violations', async () => {
    const { page } = app;
    const link = await mailedResetLink(newPerson('Axe').email);
    await page.goto(link);
    await page.getByRole('button', { name: 'Submit' }).waitFor();
    await page.getByLabel('New Password').waitFor();
    await expectNoAxeViolations(page);
  });
});
