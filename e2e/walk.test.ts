import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

// Screens changed after a walk through every screen (docs/decisions/0018-walk-fixes.md), in
// Chromium with its real styles, and axe on each.
const app = useE2eApp('walk');

const { api, signUp, signInAs, createVenue } = e2eActors(app);

async function openContact(page: Page) {
  await page.goto('/contact');
  await page.getByRole('heading', { level: 1, name: 'Contact the committee' }).waitFor();
  const editor = page.getByRole('textbox', { name: 'Message', exact: true });
  await editor.waitFor();
  return editor;
}

/** The computed font size and family of the first element a selector finds. */
const fontOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      // A string body: this file is type-checked without the DOM library.
      const style = (
        globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string; fontFamily: string } }
      ).getComputedStyle(el);
      return { size: style.fontSize, family: style.fontFamily };
    });

describe('the rich-text editor in Chromium', () => {
  test('writes at the size and in the face of the page text around it; its link box shows our example', async () => {
    const { page } = app;
    const editor = await openContact(page);
    await editor.click();
    await page.keyboard.type('Where do the chairs go?');
    const typed = await fontOf(page, '.ql-editor p');
    const around = await fontOf(page, 'main p');
    expect(typed).toEqual(around);

    await page.keyboard.press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const linkBox = page.locator('.ql-tooltip input[type="text"]');
    await linkBox.waitFor();
    expect(await linkBox.getAttribute('placeholder')).toBe('https://example.org');
    await expectNoAxeViolations(page);
  });
});

describe('a message the committee form could not send', () => {
  test("says why and when to try again (the server's Retry-After), keeps the text, and passes axe", async () => {
    const { page } = app;
    // Use up this address's allowance, as a busy neighbour would.
    for (let sent = 0; ; sent += 1) {
      const response = await fetch(`${app.baseUrl}/v1/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'general', sender_email: `busy-${sent}@example.test`, message: '<p>Hi</p>' }),
      });
      if (response.status === 429) break;
      expect(response.status).toBe(200);
      expect(sent).toBeLessThan(50);
    }

    const editor = await openContact(page);
    await page.getByLabel('Category').selectOption({ label: 'General question' });
    await page.getByRole('textbox', { name: 'Email' }).fill('late@example.test');
    await editor.click();
    await page.keyboard.type('Is the rain date confirmed?');
    await page.getByRole('button', { name: 'Submit' }).click();

    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      'Too many messages from this address; try again in an hour. What you wrote is still here.',
    );
    expect(new URL(page.url()).pathname).toBe('/contact');
    expect(await editor.textContent()).toBe('Is the rain date confirmed?');
    await expectNoAxeViolations(page);
  });
});

describe('screens an owner sees', () => {
  test('their own contact page lists the messages they received; their profile links to both lists', async () => {
    const { page } = app;
    const host = await signUp(['host'], 'Olga Owner');
    const venue = await createVenue(host, '8 Linden Lane', { bio: '<p>A deep porch with two steps.</p>' });
    const writer = await signUp(['performer'], 'Walt Writer');
    await api('/v1/comments', {
      method: 'POST',
      token: writer.jwt_token,
      body: { message: '<p>Could we play at noon?</p>', entity_id: venue.id, entity_type: 'venue' },
    });
    await signInAs(host);

    await page.goto(`/venues/${venue.id}/contact`);
    const received = page.getByRole('region', { name: 'Messages you received' });
    await received.getByText('Could we play at noon?').waitFor();
    expect(await page.getByRole('button', { name: 'Send message' }).count()).toBe(0);
    await expectNoAxeViolations(page);

    await page.goto('/profile');
    await page.getByRole('link', { name: 'Your venues' }).waitFor();
    await page.getByRole('link', { name: 'Your acts' }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto(`/profile/${encodeURIComponent(host.email)}`);
    await page.getByRole('heading', { level: 1, name: 'Olga Owner' }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('the event page lights its own nav link', async () => {
    const { page } = app;
    const festival = await api<{ slug: string; name: string; year: number }>('/v1/festival');
    await page.goto(`/${festival.slug}`);
    const brand = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: `${festival.name} ${festival.year}` });
    await brand.waitFor();
    expect(await brand.getAttribute('aria-current')).toBe('page');
    // Seen, not only announced: the white brand link is underlined on its own page, and not elsewhere.
    const underline = () =>
      brand.evaluate(
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { textDecorationLine: string } }).getComputedStyle(
            el,
          ).textDecorationLine,
      );
    expect(await underline()).toBe('underline');
    await expectNoAxeViolations(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    await page.waitForURL('**/schedule');
    await expect.poll(() => brand.getAttribute('aria-current')).toBeNull();
    expect(await underline()).toBe('none');
  });
});
