import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zonedInstant } from '../contract/festival-time.js';
import type { Venue } from '../contract/venues.js';
import { seedFestival, type SeededFestival, type SeededVenue } from '../test/support/festival-seed.js';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useE2eApp } from './support/e2e-app.js';
import { localMap, startTileServer, useFestivalWithMap } from './support/map-tiles.js';
import { resultsDir } from './support/server.js';

/**
 * The porch map on festival day at festival scale (issue 28, item 4; docs/decisions/0056): 300
 * porches and 600 acts placed around the map's centre, on a phone and a desktop.
 */
const tiles = await startTileServer();
const mapConfig = localMap(tiles);
const festival = useFestivalWithMap(mapConfig);
const CENTER = { latitude: mapConfig.center[0], longitude: mapConfig.center[1] };

const app = useE2eApp('porch-map-festival');
const { api } = e2eActors(app);
afterAll(() => tiles.close());

/** An instant given as the festival's wall clock on its day, in the configured zone (never the device's). */
const at = (time: string) => new Date(zonedInstant(festival.event.date, time, festival.timezone));

let seeded: SeededFestival;
beforeAll(async () => {
  seeded = await seedFestival(app.baseUrl, { around: CENTER, log: null });
}, 600_000);

const BUBBLE = /^(\d+) porches(?:, (\d+) playing now)?, zoom in$/;

/** The map's count bubbles and single pins, and how many porches they stand for together. */
async function marks(page: Page) {
  const map = page.getByRole('region', { name: 'Porch map' });
  const bubbles = await map
    .locator('.porch-group')
    .evaluateAll((elements) => elements.map((e) => e.getAttribute('aria-label') ?? ''));
  const pins = await map.locator('[data-venue-id]').count();
  const porches = bubbles.reduce((sum, label) => sum + Number(BUBBLE.exec(label)?.[1] ?? NaN), pins);
  return { bubbles, pins, porches };
}

/** Whether `locator` has the keyboard's focus. */
const isFocused = (locator: Locator) => locator.evaluate((element) => element === element.ownerDocument.activeElement);

/** Every tile asked for since `from`, by zoom. */
const zoomsAskedSince = (from: number) => new Set(tiles.requests.slice(from).map((url) => Number(url.split('/')[1])));

describe('the schedule map on a phone at festival scale, 12:30 on festival day', () => {
  let first: SeededVenue;
  let page: Page;

  /**
   * The schedule's map on a phone at 12:30. The page's clock is fixed; what plays now is read in
   * the configured zone, whatever the device's.
   */
  async function openScheduleMap(): Promise<Locator> {
    page = app.page;
    await page.setViewportSize(PHONE);
    await page.clock.setFixedTime(at('12:30'));
    await page.goto('/schedule?view=map');
    return page.getByRole('region', { name: 'Porch map' });
  }

  test('hundreds of porches are count bubbles with a key, and a bubble zooms in from the keyboard', async () => {
    const map = await openScheduleMap();
    await page.getByText('© Local test tiles').waitFor();
    await map.getByRole('button', { name: BUBBLE }).first().waitFor();

    // Every porch is counted once, in far fewer marks than porches.
    await expect.poll(async () => (await marks(page)).porches).toBe(300);
    const shown = await marks(page);
    expect(shown.bubbles.length + shown.pins).toBeLessThan(60);
    // At 12:30 half the porches play (each porch has two sets, in slots 1 and 2 or 3 and 4).
    const playing = shown.bubbles.reduce((sum, label) => sum + Number(BUBBLE.exec(label)?.[2] ?? 0), 0);
    expect(playing).toBeGreaterThan(0);

    const key = page.getByRole('list', { name: 'Map key' });
    expect(await key.getByRole('listitem').allInnerTexts()).toEqual([
      'Porch',
      'Playing now',
      'Porches close together: press to zoom in',
    ]);
    await expectNoAxeViolations(page);

    // Enter on a bubble zooms to its porches; the focus stays on the map, from which Tab reaches them.
    const bubble = map.getByRole('button', { name: BUBBLE }).first();
    const [, count] = BUBBLE.exec((await bubble.getAttribute('aria-label'))!)!;
    const before = tiles.requests.length;
    await bubble.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(map)).toBe(true);
    await expect.poll(async () => (await marks(page)).pins).toBeGreaterThan(shown.pins);
    expect(Math.max(...zoomsAskedSince(before))).toBeGreaterThan(Math.min(...zoomsAskedSince(0)));
    expect(Number(count)).toBeGreaterThan(1);
    await page.keyboard.press('Tab');
    expect(await page.locator(':focus').getAttribute('class')).toMatch(/porch-(pin|group)/);
    await expectNoAxeViolations(page);
  });

  test('"Near me" shows you on the map, zooms in, and lists each porch with Now and "Next here"', async () => {
    first = seeded.venues[0]!;
    const pinned = await api<Venue>(`/v1/venues/${first.id}`);
    await app.context.grantPermissions(['geolocation']);
    await app.context.setGeolocation({ latitude: pinned.latitude! + 0.00005, longitude: pinned.longitude! });
    const map = await openScheduleMap();
    await map.getByRole('button', { name: BUBBLE }).first().waitFor();
    // Before "Near me" the nearest porch is inside a bubble.
    expect(await map.locator(`[data-venue-id="${first.id}"]`).count()).toBe(0);

    const before = tiles.requests.length;
    await page.getByRole('button', { name: 'Near me' }).click();
    await page.getByText('Venues are ordered by distance from you.').waitFor();
    await map.getByRole('img', { name: 'You are here' }).waitFor();
    // Zoomed to you and the nearest porch, which has a pin of its own there.
    await map.locator(`[data-venue-id="${first.id}"]`).waitFor();
    await expect.poll(() => Math.max(...zoomsAskedSince(before))).toBeGreaterThanOrEqual(16);
    const dot = (await map.getByRole('img', { name: 'You are here' }).boundingBox())!;
    const box = (await map.boundingBox())!;
    expect(dot.x).toBeGreaterThan(box.x);
    expect(dot.x + dot.width).toBeLessThan(box.x + box.width);
    expect(await page.getByRole('list', { name: 'Map key' }).innerText()).toContain('You are here');

    // The nearest porch first, with what plays there now (Slot 1) and next (Slot 2).
    const [nowSet, nextSet] = first.sets;
    const firstItem = await page.getByRole('list', { name: 'Venues' }).getByRole('listitem').first().innerText();
    expect(firstItem).toContain(first.address);
    expect(firstItem).toMatch(/\b\d+ m\b/);
    expect(firstItem).toContain(`Now: ${nowSet!.actName}`);
    expect(firstItem).toContain(`Next here: ${nextSet!.actName}`);
    await expectNoAxeViolations(page);

    // The chosen pin is marked, on the map and in the key; the panel gives its line-up, Now and Next.
    const pin = map.locator(`[data-venue-id="${first.id}"]`);
    await pin.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Chosen venue' });
    await panel.getByRole('link', { name: first.address }).waitFor();
    await expect.poll(() => pin.getAttribute('aria-current')).toBe('true');
    expect(await pin.getAttribute('class')).toContain('is-chosen');
    expect(await isFocused(pin)).toBe(true);
    const lineUp = await panel.getByRole('listitem').allInnerTexts();
    expect(lineUp.find((item) => item.includes(nowSet!.actName))).toMatch(/Now$/);
    expect(lineUp.find((item) => item.includes(nextSet!.actName))).toMatch(/Next$/);
    expect(await page.getByRole('list', { name: 'Map key' }).innerText()).toContain('Chosen porch');
    await expectNoAxeViolations(page);
  });

  test('"Skip the map" takes the keyboard past every marker to the list', async () => {
    const map = await openScheduleMap();
    await map.getByRole('button', { name: BUBBLE }).first().waitFor();
    await page.getByRole('button', { name: 'Near me' }).focus();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip the map' });
    expect(await isFocused(skip)).toBe(true);
    // Shown when it has the focus.
    expect((await skip.boundingBox())!.width).toBeGreaterThan(20);
    await expectNoAxeViolations(page);

    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: 'Venues', exact: true });
    await expect.poll(() => isFocused(heading)).toBe(true);
    await page.keyboard.press('Tab');
    const list = page.getByRole('list', { name: 'Venues' });
    await expect.poll(() => isFocused(list.getByRole('link').first())).toBe(true);
  });
});

describe('the venues map on a desktop, opened from a shared link', () => {
  test('the server draws /venues?view=map without Leaflet; the browser adds the map; a bubble and a pin by mouse', async () => {
    // The server's drawing: the Map view's place and its list, no map, and nothing failed.
    const drawn = await (await fetch(`${app.baseUrl}/venues?view=map`)).text();
    expect(drawn).toContain('data-first-view="server"');
    expect(drawn).toContain('Loading the map…');
    expect(drawn).toContain('Venues on the map');
    const log = () => readFileSync(join(resultsDir, 'porch-map-festival.server.log'), 'utf8');
    expect(log()).not.toContain('drawing a first view failed');

    const { page } = app;
    const redrawn: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('drawn again')) redrawn.push(message.text());
    });
    await page.setViewportSize(DESKTOP);
    await page.goto('/venues?view=map');
    const map = page.getByRole('region', { name: 'Porch map' });
    const bubble = map.getByRole('button', { name: BUBBLE }).first();
    await bubble.waitFor();
    // Taken over as drawn, not drawn again.
    expect(redrawn).toEqual([]);
    // The first page of the list: 100 porches, counted once.
    await expect.poll(async () => (await marks(page)).porches).toBe(100);
    expect(await page.getByRole('list', { name: 'Map key' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Porch',
      'Porches close together: press to zoom in',
    ]);
    await expectNoAxeViolations(page);

    const pinsBefore = (await marks(page)).pins;
    await bubble.click();
    await expect.poll(async () => (await marks(page)).pins).toBeGreaterThan(pinsBefore);
    // A pin wholly inside the map's box (the others near the edge are drawn, and clipped).
    const box = (await map.boundingBox())!;
    const boxes = await map.locator('[data-venue-id]').evaluateAll((pins) =>
      pins.map((pin) => {
        const { left, top, right, bottom } = pin.getBoundingClientRect();
        return { left, top, right, bottom };
      }),
    );
    const inside = boxes.findIndex(
      (b) => b.left > box.x && b.top > box.y && b.right < box.x + box.width && b.bottom < box.y + box.height,
    );
    expect(inside).toBeGreaterThanOrEqual(0);
    const pin = map.locator('[data-venue-id]').nth(inside);
    const id = Number(await pin.getAttribute('data-venue-id'));
    const address = (await pin.getAttribute('aria-label'))!;
    await pin.click();
    const panel = page.getByRole('region', { name: 'Chosen venue' });
    await panel.getByRole('link', { name: address }).waitFor();
    await expect.poll(() => map.locator(`[data-venue-id="${id}"]`).getAttribute('aria-current')).toBe('true');
    await expectNoAxeViolations(page);
    // Still nothing failed on the server, for the drawn page or the reads after it.
    expect(log()).not.toContain('window is not defined');
    expect(log()).not.toContain('drawing a first view failed');
  });

  test('with no tile loaded, the attribution still reads as text with a link in it (axe link-in-text-block)', async () => {
    const { page } = app;
    // No tile behind the attribution: axe measures it against the page, as a phone without signal shows it.
    await page.route(`${new URL(tiles.template).origin}/**`, (route) => route.abort());
    await page.setViewportSize(PHONE);
    await page.goto('/venues?view=map');
    const attribution = page.locator('.leaflet-control-attribution');
    await attribution.getByText('© Local test tiles').waitFor();
    expect(await attribution.getByRole('link', { name: 'Leaflet' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });
});
