import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SessionUser } from '../contract/auth.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

/**
 * Issue 27, item 1 (web/sw/sw.ts, docs/decisions/0051): a take-down reaches the phones that had
 * the page. An act page opened through the service worker (so its read and its page are in the
 * worker's caches), then hidden by the committee or deleted by its owner: the next visit online
 * shows "Act not found", and nothing of it is left in the caches.
 */
const app = useE2eApp('take-downs', { serviceWorkers: 'allow' });
const { api, signUp, signUpAdmin, createAct } = e2eActors(app);

let owner: SessionUser;
let admin: SessionUser;
beforeAll(async () => {
  owner = await signUp(['performer'], 'Take Down Owner');
  admin = await signUpAdmin('Take Down Committee');
}, 60_000);

/** What these checks use of a window; this file is type-checked without the DOM library. */
interface WorkerWindow {
  navigator: { serviceWorker: { controller: unknown; ready: Promise<unknown> } };
  caches: {
    open(name: string): Promise<{ match(url: string): Promise<unknown>; keys(): Promise<Array<{ url: string }>> }>;
  };
}

/** Whether the worker's API cache holds `read`, and how many cached pages are `pagePath`. */
function cached(page: Page, read: string, pagePath: string): Promise<{ read: boolean; pages: number }> {
  return page.evaluate(
    async ([readPath, path]) => {
      const w = globalThis as unknown as WorkerWindow;
      const api = await w.caches.open('porchfest-api');
      const pages = await w.caches.open('porchfest-pages');
      const keys = await pages.keys();
      return {
        read: (await api.match(readPath)) !== undefined,
        pages: keys.filter((k) => new URL(k.url).pathname === path).length,
      };
    },
    [read, pagePath] as const,
  );
}

const heading = (page: Page) => page.locator('main').getByRole('heading', { level: 1 });

/** Opens the act's page twice, so it comes through the worker, and waits until both caches hold it. */
async function openedOnThePhone(page: Page, id: number, name: string): Promise<void> {
  await page.goto(`/acts/${id}`);
  await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe(name);
  await page.waitForFunction(
    () => (globalThis as unknown as WorkerWindow).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
  await page.reload();
  await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe(name);
  await expect
    .poll(() => cached(page, `/v1/acts/${id}`, `/acts/${id}`), { timeout: 20_000 })
    .toEqual({ read: true, pages: 1 });
}

/** The next visit online: "Act not found", and neither the read nor the page is cached any more. */
async function nextVisitSaysNotFound(page: Page, id: number): Promise<void> {
  await page.goto(`/acts/${id}`);
  await expect.poll(() => heading(page).textContent(), { timeout: 20_000 }).toBe('Act not found');
  expect(await cached(page, `/v1/acts/${id}`, `/acts/${id}`)).toEqual({ read: false, pages: 0 });
}

describe('take-downs reach a phone that had the page', () => {
  test('an act hidden by the committee: the next visit online shows "Act not found"', async () => {
    const { page } = app;
    const act = await createAct(owner, 'The Hidden Porch Band');
    await openedOnThePhone(page, act.id, 'The Hidden Porch Band');

    await api(`/v1/admin/acts/${act.id}/hidden`, {
      method: 'PUT',
      token: admin.jwt_token,
      body: { hidden: true, reason: 'Not festival material' },
    });
    await nextVisitSaysNotFound(page, act.id);
  });

  test('an act deleted by its owner: the next visit online shows "Act not found"', async () => {
    const { page } = app;
    const act = await createAct(owner, 'The Deleted Porch Band');
    await openedOnThePhone(page, act.id, 'The Deleted Porch Band');

    await api(`/v1/acts/${act.id}`, { method: 'DELETE', token: owner.jwt_token });
    await nextVisitSaysNotFound(page, act.id);
  });
});
