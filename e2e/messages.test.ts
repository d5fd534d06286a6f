import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('messages');

const { signUp, signInAs, createVenue, createAct } = e2eActors(app);
const COMMITTEE = 'committee@porchfest.example.org';

/** Quill is loaded lazily: the editor's textbox appears once its code has arrived. */
async function messageEditor(page: Page): Promise<Locator> {
  const box = page.getByRole('textbox', { name: 'Message', exact: true });
  await box.waitFor();
  return box;
}

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

describe('messages to an owner', () => {
  test('a performer writes to a venue owner through both dialogs, and the owner gets the e-mail', async () => {
    const { page } = app;
    const host = await signUp(['host'], 'Hattie Host');
    const venue = await createVenue(host, '22 Willow Street');
    const performer = await signUp(['performer'], 'Pablo Performer');
    await signInAs(performer);

    // From the venue's card, as a person would get there.
    await page.goto(`/venues/${venue.id}`);
    await page
      .getByRole('article', { name: 'Venue: 22 Willow Street', exact: true })
      .getByRole('link', { name: 'Contact', exact: true })
      .click();
    await waitForPath(page, `/venues/${venue.id}/contact`);
    await page.getByRole('heading', { level: 1, name: '22 Willow Street' }).waitFor();
    await page.getByText('ask to be hosted here', { exact: false }).waitFor();
    const editor = await messageEditor(page);
    await expectNoAxeViolations(page);

    await editor.click();
    await page.keyboard.type('Hello! We are a folk duo and would love to play on your porch in slot 1.');
    await page.getByRole('button', { name: 'Send message' }).click();

    const confirm = page.getByRole('dialog', { name: 'Send Message?' });
    await confirm.waitFor();
    await confirm.getByText('Are you sure you want to send this message to "22 Willow Street"?').waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Send it' }).click();

    // The page reloads with result=success and says the message went by e-mail.
    await page.waitForURL(
      (url) => url.pathname === `/venues/${venue.id}/contact` && url.searchParams.get('result') === 'success',
    );
    const sent = page.getByRole('dialog', { name: 'Message Sent' });
    await sent.waitFor();
    await sent.getByText('sent via e-mail', { exact: false }).waitFor();
    await expectNoAxeViolations(page);
    await sent.getByRole('button', { name: 'OK' }).click();
    await waitForPath(page, '/venues');

    const mail = await app.smtp.waitFor((m) => m.envelopeTo.includes(host.email), 15_000);
    expect(mail.envelopeTo).toEqual([host.email]);
    expect(mail.replyTo).toEqual([performer.email]);
    expect(mail.subject).toBe('Porchfest: a message about your venue "22 Willow Street"');
    expect(mail.text).toContain('would love to play on your porch in slot 1.');
    expect(mail.text).toContain(`Pablo Performer (${performer.email})`);

    // The host finds it on the venue's page too (the later init script wins: signed in as the host).
    await signInAs(host);
    await page.goto(`/venues/${venue.id}`);
    const received = page.getByRole('region', { name: 'Messages you received' });
    await received.getByText('would love to play on your porch in slot 1.', { exact: false }).waitFor();
    await received.getByRole('link', { name: performer.email }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('a visitor is told to log in on both contact screens, which pass axe', async () => {
    const { page } = app;
    const venue = await createVenue(await signUp(['host'], 'Vera Venue'), '5 Oak Terrace');
    const act = await createAct(await signUp(['performer'], 'Arlo Act'), 'The Front Steps');

    await page.goto(`/venues/${venue.id}/contact`);
    await page.getByRole('heading', { level: 1, name: '5 Oak Terrace' }).waitFor();
    await page.getByText('You need to be logged in to contact this venue.').waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/acts/${act.id}/contact`);
    await page.getByRole('heading', { level: 1, name: 'The Front Steps' }).waitFor();
    await page.getByText('You need to be logged in to contact this act.').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test("a host's act contact screen, with its validation message, passes axe", async () => {
    const { page } = app;
    const act = await createAct(await signUp(['performer'], 'Bea Banjo'), 'The Screen Door Trio');
    await signInAs(await signUp(['host'], 'Holly Host'));
    await page.goto(`/acts/${act.id}/contact`);
    await page.getByRole('heading', { level: 1, name: 'The Screen Door Trio' }).waitFor();
    await page.getByText('ask to host them at your venue', { exact: false }).waitFor();
    await messageEditor(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('This field is required').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('the committee contact form', () => {
  test('a visitor fills it in and lands on the thank-you page; the committee gets the e-mail', async () => {
    const { page } = app;
    await page.goto('/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact the committee' }).waitFor();
    const editor = await messageEditor(page);
    await expectNoAxeViolations(page);

    // Every validation message first (docs/behaviour.md#validation), and axe on the form showing
    // them.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('A valid email address is required').waitFor();
    expect(await page.getByText('This field is required').count()).toBe(2);
    await expectNoAxeViolations(page);

    await page.getByLabel('Category').selectOption({ label: 'Volunteering' });
    await page.getByRole('textbox', { name: 'Email' }).fill('neighbour@example.test');
    await editor.click();
    await page.keyboard.type('I can help set up chairs on the day.');
    await page.getByRole('button', { name: 'Submit' }).click();

    await waitForPath(page, '/contact-thankyou');
    await page.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    await page.getByText('The committee will be in touch', { exact: false }).waitFor();
    // docs/behaviour.md#navigation-bar: /contact-thankyou lights up Contact in the nav bar.
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Contact' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expectNoAxeViolations(page);

    const mail = await app.smtp.waitFor((m) => m.envelopeTo.includes(COMMITTEE), 15_000);
    expect(mail.replyTo).toEqual(['neighbour@example.test']);
    expect(mail.subject).toBe('Porchfest contact form: Volunteering');
    expect(mail.text).toContain('I can help set up chairs on the day.');
  });

  test("a signed-in user's e-mail is filled in for them", async () => {
    const { page } = app;
    const person = await signUp(['performer'], 'Prue Prefill');
    await signInAs(person);
    await page.goto('/contact');
    const email = page.getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    await expect.poll(() => email.inputValue()).toBe(person.email);
  });
});
