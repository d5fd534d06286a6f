import type { Act } from '../contract/acts.js';
import type { SessionUser } from '../contract/auth.js';
import type { Venue } from '../contract/venues.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { e2eActors } from './support/actors.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2eApp } from './support/e2e-app.js';

/**
 * docs/decisions/0048: the act and venue lists and pages are drawn by the server, readable before
 * (and without) the app's code, and the app takes them over instead of drawing them again.
 */
const app = useE2eApp('first-view');
const actors = e2eActors(app);
const PHONE = { width: 390, height: 844 };

let performer: SessionUser;
let act: Act;
let venue: Venue;

beforeAll(async () => {
  performer = await actors.signUp(['performer'], 'Zoë Ñandú');
  const host = await actors.signUp(['host'], 'Hôte Porche');
  act = await actors.createAct(performer, 'Crème Brûlée Quartet', {
    bio: '<p>Chansons douces — <strong>et café crème</strong>. 私たちはポーチで演奏します。</p>',
  });
  venue = await actors.createVenue(host, '12 Rue du Porche');
  venue = await actors.saveSlots(host, venue, [{ slot_def: 'Slot 1', scheduled_act_id: act.id }]);
}, 60_000);

/** Holds the app's code back until the returned function is called (to mark what the server drew). */
async function holdAppCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("the server's first view", () => {
  test('with no script at all, a phone reads the acts, an act, the venues and a venue', async () => {
    const context = await app.context.browser()!.newContext({ javaScriptEnabled: false, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/acts`);
      const card = page.getByRole('list', { name: 'Acts' }).getByRole('article', { name: 'Act: Crème Brûlée Quartet' });
      await expect(card.getByRole('link', { name: 'Crème Brûlée Quartet' }).isVisible()).resolves.toBe(true);
      await expect(card.getByText('Chansons douces — et café crème.').isVisible()).resolves.toBe(true);
      // What a browser without JavaScript is told (Playwright's text search skips noscript).
      expect(await page.content()).toContain(
        '<noscript>This page can be read without JavaScript; favourites, filters and forms need it.</noscript>',
      );

      await card.getByRole('link', { name: 'Crème Brûlée Quartet' }).click();
      await page.waitForURL(`${app.baseUrl}/acts/${act.id}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Crème Brûlée Quartet');
      // The bio as rich text, cleaned by the server's sanitizer on the way out.
      await expect(page.locator('.rich-text strong').textContent()).resolves.toBe('et café crème');
      await expect(page.getByText('私たちはポーチで演奏します。').isVisible()).resolves.toBe(true);
      await expect(page.getByRole('link', { name: '12 Rue du Porche' }).isVisible()).resolves.toBe(true);

      await page.goto(`${app.baseUrl}/venues/${venue.id}`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('12 Rue du Porche');
      await expect(page.getByRole('link', { name: 'Crème Brûlée Quartet' }).isVisible()).resolves.toBe(true);
      await page.goto(`${app.baseUrl}/venues?genre=folk`);
      await expect(page.getByRole('article', { name: 'Venue: 12 Rue du Porche' }).isVisible()).resolves.toBe(true);

      // A page drawn from the frame's reads alone: made drawn by its route's one `draw` field
      // (web/app/router.tsx, docs/decisions/0058).
      await page.goto(`${app.baseUrl}/about`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/^About /);
      expect(await page.locator('#root').getAttribute('data-first-view')).toBe('server');
      // My day's favourites are on the device: the server draws its frame, the page painted at once.
      await page.goto(`${app.baseUrl}/myday`);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('My day');
      expect(await page.locator('#root').getAttribute('data-first-view')).toBe('server');
    } finally {
      await context.close();
    }
  });

  test('the app takes the drawn page over: the same elements, and they answer taps', async () => {
    const { page } = app;
    await page.setViewportSize(PHONE);
    // Hold the app's code back until the drawn card is marked, to tell a take-over from a redraw.
    const release = await holdAppCode(page);
    await page.goto(`${app.baseUrl}/acts`, { waitUntil: 'commit' }).catch(() => undefined);
    const card = page.getByRole('article', { name: 'Act: Crème Brûlée Quartet' });
    await card.evaluate((element) => element.setAttribute('data-drawn-by', 'server'));
    release();
    await page.locator('#root[data-first-view="taken"]').waitFor({ state: 'attached' });
    // Hydrated, not drawn again: the element the server drew is still the one on the page.
    await expect(card.getAttribute('data-drawn-by')).resolves.toBe('server');

    const star = card.getByRole('button', { name: 'Favourite: Crème Brûlée Quartet' });
    await star.click();
    await expect(star.getAttribute('aria-pressed')).resolves.toBe('true');
    await expectNoAxeViolations(page);
  });

  test('when a read to take the page over with fails, the app draws the page itself', async () => {
    const { page } = app;
    await page.setViewportSize(PHONE);
    const release = await holdAppCode(page);
    // The take-over's read of the announcements fails once; the app's own requests then work.
    let failed = 0;
    await page.route('**/v1/announcements', async (route) => {
      if (failed++ > 0) return route.continue();
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"busy","message":"busy"}' });
    });
    try {
      await page.goto(`${app.baseUrl}/acts`, { waitUntil: 'commit' }).catch(() => undefined);
      const card = page.getByRole('article', { name: 'Act: Crème Brûlée Quartet' });
      await card.evaluate((element) => element.setAttribute('data-drawn-by', 'server'));
      release();
      // Drawn again by the browser: the server's element is replaced by the app's own.
      await page.locator('article[data-drawn-by="server"]').waitFor({ state: 'detached' });
      const star = card.getByRole('button', { name: 'Favourite: Crème Brûlée Quartet' });
      await star.click();
      await expect(star.getAttribute('aria-pressed')).resolves.toBe('true');
      expect(failed).toBeGreaterThanOrEqual(1);
    } finally {
      await page.unroute('**/assets/index-*.js');
      await page.unroute('**/v1/announcements');
    }
  });

  test("My day's frame is drawn, and the schedule it picks the favourites from is asked for once, with the app's code", async () => {
    const { page } = app;
    await page.setViewportSize(PHONE);
    await page.goto(`${app.baseUrl}/about`);
    await page.evaluate(`localStorage.setItem('porchfest.favourites', ${JSON.stringify(JSON.stringify([act.id]))})`);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v1/schedule') asked.push(request.url());
    });
    await page.goto(`${app.baseUrl}/myday`);
    const plan = JSON.parse((await page.locator('#app-start').textContent()) ?? 'null') as { fetches?: string[] };
    expect(plan.fetches).toEqual(['/v1/schedule']);
    await page.locator('#root[data-first-view="taken"]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Crème Brûlée Quartet' }).waitFor();
    // The page's preload is the app's own request: the browser does not ask a second time.
    expect(asked).toHaveLength(1);
    await expectNoAxeViolations(page);
  });

  test("its owner's own buttons appear once the app has taken the page over", async () => {
    await actors.signInAs(performer);
    const { page } = app;
    await page.goto(`${app.baseUrl}/acts/${act.id}`);
    await page
      .getByRole('button', { name: 'Edit' })
      .or(page.getByRole('link', { name: 'Edit' }))
      .waitFor();
  });
});
