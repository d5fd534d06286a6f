import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SessionUser } from '../contract/auth.js';
import { expectNoAxeViolations } from './support/axe.js';
import { projectRoot } from './support/server.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('admin-mail');

const PASSWORD = 'Porch-Music-2025';
// web/lib/session.ts keeps the whole sign-in response under this key.
const SESSION_KEY = 'user';
let people = 0;

async function api<T>(path: string, options: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function signUp(roles: Array<'host' | 'performer'>, name: string): Promise<SessionUser> {
  people += 1;
  const email = `mail-e2e-${people}-${Date.now()}@example.test`;
  return api<SessionUser>('/v1/auth/signup', { method: 'POST', body: { name, email, password: PASSWORD, roles } });
}

/** An admin as the committee makes the first one: register, then `npm run admin -- grant`, then sign in. */
async function signUpAdmin(name: string): Promise<SessionUser> {
  const person = await signUp(['performer'], name);
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'grant', person.email], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_PATH: app.databasePath, DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: 'pipe',
  });
  return api<SessionUser>('/v1/auth/signin', { method: 'POST', body: { email: person.email, password: PASSWORD } });
}

async function openAs(page: Page, user: SessionUser, path: string): Promise<void> {
  await page.goto(`${app.baseUrl}/about`);
  // A script string: this file is type-checked without the DOM library.
  await page.evaluate(
    `window.localStorage.setItem(${JSON.stringify(SESSION_KEY)}, ${JSON.stringify(JSON.stringify(user))})`,
  );
  await page.goto(`${app.baseUrl}${path}`);
}

describe('mail to the festival in Chromium', () => {
  test('an admin writes to all hosts, previews it with the count, sends it, and each host gets one mail; axe finds nothing', async () => {
    const admin = await signUpAdmin('Mara Mail');
    const hosts = [await signUp(['host'], 'Hana Host'), await signUp(['host'], 'Hugo Host')];
    const page = app.page;
    await openAs(page, admin, '/admin');

    const section = page.getByRole('region', { name: 'Mail to the festival' });
    await section.getByRole('radio', { name: 'All hosts' }).check();
    await expect.poll(() => section.getByText('2 people will get this mail.').count()).toBe(1);
    await expectNoAxeViolations(page);

    await section.getByLabel('Subject').fill('Porch set-up on Saturday');
    await section.getByLabel('Message').fill('Chairs arrive at 10am.\nThank you!');
    await section.getByRole('button', { name: 'Preview' }).click();
    const preview = section.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByText('2 people', { exact: true }).count()).toBe(1);
    await expect.poll(() => preview.getByText('Porch set-up on Saturday', { exact: true }).count()).toBe(1);
    await expectNoAxeViolations(page);

    const before = app.smtp.messages.length;
    await preview.getByRole('button', { name: 'Send to 2 people' }).click();
    await expect
      .poll(() => section.getByRole('status').textContent())
      .toContain('2 people will each get the mail “Porch set-up on Saturday”.');

    await expect
      .poll(() => app.smtp.messages.slice(before).filter((m) => m.subject === 'Porch set-up on Saturday').length, {
        timeout: 15_000,
      })
      .toBe(2);
    const mails = app.smtp.messages.slice(before).filter((m) => m.subject === 'Porch set-up on Saturday');
    expect(mails.map((m) => m.envelopeTo).sort()).toEqual(hosts.map((h) => [h.email]).sort());
    for (const mail of mails) expect(mail.text).toContain('Chairs arrive at 10am.\nThank you!');

    // The progress table reaches "sent" for both (it polls while mail is queued).
    const row = section.getByRole('row', { name: /Porch set-up on Saturday/ });
    await expect
      .poll(() => row.getByRole('cell').allTextContents(), { timeout: 15_000 })
      .toEqual(['Porch set-up on Saturday', 'All hosts (2)', 'Mara Mail', '0', '2', '0']);
    await expectNoAxeViolations(page);
  });
});
