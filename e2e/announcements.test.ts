import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SessionUser } from '../contract/auth.js';
import { expectNoAxeViolations } from './support/axe.js';
import { projectRoot } from './support/server.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('announcements');

const PASSWORD = 'Porch-Music-2025';
// web/lib/session.ts keeps the whole sign-in response under this key.
const SESSION_KEY = 'user';

async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: options.body === undefined ? {} : { 'content-type': 'application/json' },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** An admin as the committee makes the first one: register, then `npm run admin -- grant`, then sign in. */
async function signUpAdmin(name: string): Promise<SessionUser> {
  const email = `announce-e2e-${Date.now()}@example.test`;
  await api('/v1/auth/signup', { method: 'POST', body: { name, email, password: PASSWORD, roles: ['host'] } });
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_PATH: app.databasePath, DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: 'pipe',
  });
  return api<SessionUser>('/v1/auth/signin', { method: 'POST', body: { email, password: PASSWORD } });
}

async function openAs(page: Page, user: SessionUser | null, path: string): Promise<void> {
  await page.goto(`${app.baseUrl}/about`);
  // A script string: this file is type-checked without the DOM library.
  const key = JSON.stringify(SESSION_KEY);
  await page.evaluate(
    user === null
      ? `window.localStorage.removeItem(${key})`
      : `window.localStorage.setItem(${key}, ${JSON.stringify(JSON.stringify(user))})`,
  );
  await page.goto(`${app.baseUrl}${path}`);
}

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
