import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Act } from '../contract/acts.js';
import type { SessionUser } from '../contract/auth.js';
import type { FestivalConfig } from '../contract/festival.js';
import { longDate, slotRangeLabel } from '../contract/festival-time.js';
import type { Venue } from '../contract/venues.js';
import { expectNoAxeViolations } from './support/axe.js';
import { actBody, e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

/**
 * Installable and offline (web/sw/sw.ts, docs/decisions/0022-link-previews-and-offline.md):
 * the schedule opened online keeps working offline after a reload, with a banner saying how old
 * it is; back online, fresh data replaces it. Chromium's own reading of the manifest finds no
 * error, its icons load, and the service worker controls /schedule.
 */
const app = useE2eApp('offline', { serviceWorkers: 'allow' });
const { api, signUp, createVenue, createAct } = e2eActors(app);
let porches = 0;

/** A venue with `name` scheduled in Slot 1: what the schedule shows. */
async function scheduledAct(name: string): Promise<{ act: Act; owner: SessionUser; venue: Venue }> {
  const owner = await signUp(['host', 'performer'], 'Offline Owner');
  porches += 1;
  const venue = await createVenue(owner, `${porches} Signal Street`, {
    bio: '<p>A porch at the edge of the network.</p>',
    preferred_act_types: ['bluegrass'],
  });
  const act = await createAct(owner, name);
  await api(`/v1/venues/${venue.id}`, {
    method: 'PATCH',
    token: owner.jwt_token,
    body: { available_slots: [{ slot_def: 'Slot 1', scheduled_act_id: act.id }] },
  });
  return { act, owner, venue };
}

/** What these checks use of a window; this file is type-checked without the DOM library. */
interface WorkerWindow {
  navigator: { serviceWorker: { controller: { scriptURL: string } | null; ready: Promise<unknown> } };
  caches: { open(name: string): Promise<{ match(url: string): Promise<unknown> }> };
  fetch(url: string, init?: { headers: Record<string, string> }): Promise<unknown>;
}

/** Waits until the service worker controls the page and has finished installing. */
async function controlled(page: Page): Promise<string> {
  // Functions, not strings: the page's CSP forbids evaluating strings.
  await page.waitForFunction(
    () => (globalThis as unknown as WorkerWindow).navigator.serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
  return page.evaluate(async () => {
    const { serviceWorker } = (globalThis as unknown as WorkerWindow).navigator;
    await serviceWorker.ready;
    return serviceWorker.controller?.scriptURL ?? '';
  });
}

/** Fetches `url` from the page (with `headers`), then says whether the worker's API cache holds it. */
function fetchThenCached(page: Page, url: string, headers: Record<string, string>): Promise<boolean> {
  return page.evaluate(
    async ([path, sent]) => {
      const w = globalThis as unknown as WorkerWindow;
      await w.fetch(path, { headers: sent });
      // The strategy stores the response after handing it to the page.
      await new Promise((ok) => setTimeout(ok, 500));
      const cache = await w.caches.open('porchfest-api');
      return (await cache.match(path)) !== undefined;
    },
    [url, headers] as const,
  );
}

const main = (page: Page) => page.locator('main');

/** Opens /schedule online twice, so the page and its data come through the worker, and waits for `name`. */
async function scheduleThroughWorker(page: Page, name: string): Promise<void> {
  await page.goto('/schedule');
  await main(page).getByText(name).first().waitFor();
  await controlled(page);
  await page.reload();
  await main(page).getByText(name).first().waitFor();
}

/** How many pages a PDF has: its page objects (not the /Pages tree). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

describe('installable and offline', () => {
  test('the schedule loaded online shows offline after a reload, with the banner; back online, fresh data replaces it', async () => {
    const { page, context } = app;
    const { act, owner } = await scheduledAct('The Signal Bars');
    await page.goto('/schedule');
    await main(page).getByText('The Signal Bars').first().waitFor();
    expect(await controlled(page)).toMatch(/\/sw\.js$/);
    // A second visit, as on the festival day: the page and its data now come through the worker.
    await page.reload();
    await main(page).getByText('The Signal Bars').first().waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Offline' }).count()).toBe(0);

    await context.setOffline(true);
    const offline = await page.reload();
    expect(offline?.status()).toBe(200);
    await main(page).getByText('The Signal Bars').first().waitFor();
    const banner = page.getByRole('status').filter({ hasText: 'Offline' });
    await banner.waitFor();
    expect(await banner.innerText()).toMatch(/^Offline: schedule as of (\w+, \w+ \d+, \d{4}, )?\d{1,2}(:\d\d)?[ap]m\./);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await expectNoAxeViolations(page);

    // The start URL answers offline too, opened afresh.
    const start = await page.goto('/schedule');
    expect(start?.status()).toBe(200);
    await main(page).getByText('The Signal Bars').first().waitFor();

    // Back online: the renamed act replaces the old name, with no error on screen.
    await api(`/v1/acts/${act.id}`, { method: 'PATCH', token: owner.jwt_token, body: actBody('The Full Bars') });
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' }).catch(() => undefined);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Offline' }).count()).toBe(0);
    // Stale-while-revalidate: the reload after the one that fetched the new data shows it.
    await expect
      .poll(
        async () => {
          await page.reload();
          await main(page).getByRole('heading', { level: 1 }).waitFor();
          return main(page).getByText('The Full Bars').count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
  });

  test('Chromium reads a valid manifest whose icons load, and the worker never caches a signed-in request', async () => {
    const { page, context } = app;
    await page.goto('/schedule');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    const festival = await api<{ name: string; year: number }>('/v1/festival');
    const body = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; purpose: string }>;
    };
    expect(body.name).toBe(`${festival.name} ${festival.year}`);
    expect(body.short_name).toBe(festival.name);
    expect(body.start_url).toBe('/schedule');
    expect(body.display).toBe('standalone');
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.icons.map((i) => i.purpose)).toContain('maskable');
    for (const icon of body.icons) {
      const response = await fetch(`${app.baseUrl}${icon.src}`);
      expect(response.status, icon.src).toBe(200);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      const png = Buffer.from(await response.arrayBuffer());
      // The IHDR chunk's width and height: the size the manifest promises.
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }

    // A read sent with credentials goes to the network and is never stored.
    const { act, owner } = await scheduledAct('The Private Reads');
    expect(await fetchThenCached(page, `/v1/acts/${act.id}`, { authorization: `Bearer ${owner.jwt_token}` })).toBe(
      false,
    );
    const anonymous = await fetchThenCached(page, `/v1/acts/${act.id}`, {});
    expect(anonymous).toBe(true);
  });

  test('offline, act and venue pages never opened show the schedule kept on the device; a star set offline stays', async () => {
    const { page, context } = app;
    const { act, owner, venue } = await scheduledAct('The Unvisited Trio');
    const festival = await api<FestivalConfig>('/v1/festival');
    await scheduleThroughWorker(page, 'The Unvisited Trio');

    await context.setOffline(true);
    // Opened afresh, as from a bookmark: the worker never stored this act's own read.
    const opened = await page.goto(`/acts/${act.id}`);
    expect(opened?.status()).toBe(200);
    await main(page).getByRole('heading', { level: 1, name: 'The Unvisited Trio' }).waitFor();
    await main(page).getByText('The full page needs a connection').waitFor();
    expect(await main(page).getByText('Bluegrass').count()).toBeGreaterThan(0);
    expect(await main(page).getByText('Three voices and a banjo.').count()).toBe(1);
    const plays = main(page).getByRole('listitem').filter({ hasText: venue.address });
    // Slot 1 with its clock times in the festival's zone.
    expect(await plays.innerText()).toMatch(new RegExp(`^${slotRangeLabel(festival.slots[0]!)} [A-Z]{2,5} at `));
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await expectNoAxeViolations(page);

    // Its venue, never opened either, from the link: the address and the line-up.
    await plays.getByRole('link', { name: venue.address }).click();
    await main(page).getByRole('heading', { level: 1, name: venue.address }).waitFor();
    await main(page).getByRole('link', { name: 'The Unvisited Trio' }).waitFor();
    await main(page).getByText('The full page needs a connection').waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await expectNoAxeViolations(page);

    // A star set offline is kept on the device: still set after a reload, still offline.
    await page.goto('/schedule');
    const star = main(page).getByRole('button', { name: 'Favourite: The Unvisited Trio' }).first();
    await star.waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await main(page).getByText('The Unvisited Trio').first().waitFor();
    const kept = main(page).getByRole('button', { name: 'Favourite: The Unvisited Trio' }).first();
    await kept.waitFor();
    expect(await kept.getAttribute('aria-pressed')).toBe('true');
    await page.goto('/myday');
    await main(page).getByRole('link', { name: 'The Unvisited Trio' }).waitFor();

    // Back online: the act's own page, with the fresh name, and the star still set.
    await api(`/v1/acts/${act.id}`, { method: 'PATCH', token: owner.jwt_token, body: actBody('The Visited Trio') });
    await context.setOffline(false);
    await page.goto(`/acts/${act.id}`);
    await main(page).getByRole('heading', { level: 1, name: 'The Visited Trio' }).waitFor();
    expect(await main(page).getByText('The full page needs a connection').count()).toBe(0);
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await expect
      .poll(
        async () => {
          await page.goto('/myday');
          await main(page).getByRole('heading', { level: 1 }).waitFor();
          return main(page).getByRole('link', { name: 'The Visited Trio' }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('paper', () => {
  test('the printed schedule carries the name, date, address and a QR code to /schedule, with the grid', async () => {
    const { page } = app;
    await scheduledAct('The Paper Lanterns');
    const festival = await api<FestivalConfig>('/v1/festival');
    await page.goto('/schedule');
    await main(page).getByText('The Paper Lanterns').first().waitFor();
    await page.emulateMedia({ media: 'print' });

    const header = page.getByTestId('print-header');
    await header.waitFor();
    const text = await header.innerText();
    expect(text).toContain(`${festival.name} ${festival.year}`);
    expect(text).toContain(longDate(festival.event.date));
    expect(text).toContain(`${app.baseUrl}/schedule`);
    const qr = header.getByRole('img', { name: `QR code: ${app.baseUrl}/schedule` });
    await qr.waitFor();
    const box = await qr.boundingBox();
    expect(box?.width).toBeGreaterThan(50);
    // The picture itself arrived (the server's PNG), not just its box.
    await expect
      .poll(() => qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(200);
    // The spec's grid on paper, without the navigation.
    await main(page).getByRole('table').waitFor();
    expect(await page.getByRole('navigation').count()).toBe(0);
    await page.emulateMedia({ media: 'screen' });
    expect(await header.isVisible()).toBe(false);
  });

  test('My day prints as a one-page list', async () => {
    const { page } = app;
    const names = ['The Pocket Sheet', 'The Single Page', 'The Folded Map'];
    for (const name of names) await scheduledAct(name);
    await page.goto('/schedule');
    for (const name of names) {
      const star = main(page)
        .getByRole('button', { name: `Favourite: ${name}` })
        .first();
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
    }
    await page.goto('/myday');
    await main(page).getByRole('link', { name: names[2] }).waitFor();
    await page.emulateMedia({ media: 'print' });
    await page.getByTestId('print-header').waitFor();
    for (const name of names) expect(await main(page).getByRole('link', { name }).isVisible()).toBe(true);
    // A list: no buttons, no share tools, no navigation on paper.
    expect(await main(page).getByRole('button').count()).toBe(0);
    expect(await main(page).getByLabel('Link to my day').isVisible()).toBe(false);
    expect(await page.getByRole('navigation').count()).toBe(0);
    expect(pdfPages(await page.pdf({ format: 'Letter' }))).toBe(1);
  });
});
