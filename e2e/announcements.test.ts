import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('announcements');

const { api, signUpAdmin, openAs } = e2eActors(app);

describe('announcements in Chromium', () => {
  test('an admin posts one on the desk, an anonymous visitor sees it on the home page and dismisses it, and axe finds nothing', async () => {
    const admin = await signUpAdmin('Ada Announcer');
    const page = app.page;
    const text = 'Lemonade on every porch until five';

    await openAs(page, admin, '/admin');
    await page.getByRole('heading', { level: 2, name: 'Announcements' }).waitFor();
    await page.getByLabel('Text', { exact: true }).fill(text);
    await page.getByLabel('Link (optional, http:// or https://)').fill('https://example.org/lemonade');
    await page.getByLabel('Level').selectOption('warning');
    // The form's default runs from now until the same time tomorrow.
    await page.getByRole('button', { name: 'Post announcement' }).click();
    const row = page.getByRole('row').filter({ hasText: text });
    await row.getByRole('cell', { name: 'Showing' }).waitFor();
    // The desk's own banner follows at once.
    await page.getByRole('region', { name: 'Announcements from the committee' }).getByText(text).waitFor();
    await expectNoAxeViolations(page);

    // An anonymous visitor on the home page.
    await openAs(page, null, '/');
    const banner = page.getByRole('region', { name: 'Announcements from the committee' });
    await banner.getByText(text).waitFor();
    expect(await banner.getByRole('link', { name: 'More information' }).getAttribute('href')).toBe(
      'https://example.org/lemonade',
    );
    expect(await banner.locator('.alert-warning').count()).toBe(1);
    await expectNoAxeViolations(page);

    // Dismissed on this device: gone, and still gone on the next page.
    await banner.getByRole('button', { name: `Dismiss the announcement: ${text}` }).click();
    expect(await page.getByText(text).count()).toBe(0);
    await page.goto(`${app.baseUrl}/schedule`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByText(text).count()).toBe(0);

    // Deleted on the desk: gone for everyone, and the audit log names both actions.
    await openAs(page, admin, '/admin');
    await page.getByRole('button', { name: `Delete the announcement: ${text}` }).click();
    await page.getByText('No announcements yet.').waitFor();
    const log = page.getByRole('table', { name: 'Admin actions, newest first' });
    await log.getByRole('cell', { name: 'Deleted an announcement' }).first().waitFor();
    await log.getByRole('cell', { name: 'Posted an announcement' }).first().waitFor();
    const publicList = await api<{ data: unknown[] }>('/v1/announcements');
    expect(publicList.data).toEqual([]);
  });
});
