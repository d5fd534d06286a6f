import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { FestivalConfigSchema } from '../contract/festival.js';
import { fullAddress } from '../contract/places.js';
import { slotWindows } from '../contract/festival-time.js';
import { FULL_FESTIVAL, seedFestival, type SeededFestival } from '../test/support/festival-seed.js';
import { expectNoAxeViolations } from './support/axe.js';
import { projectRoot } from './support/server.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('festival-lists');
let festival: SeededFestival;
// A page of 600 cards, and axe on 100 of them, take a while on a shared 2-core machine.
const SLOW = 300_000;

beforeAll(async () => {
  // A festival of real size, seeded through the API as hosts and performers fill it in.
  festival = await seedFestival(app.baseUrl, { ...FULL_FESTIVAL, log: null });
}, 600_000);

/**
 * Scrolls as a reader does on the way to "Show more": the list draws the rest of the cards it has
 * (decision 0045), and the button moves down below them. Clicking at once would race that move.
 */
async function scrollToTheRest(page: Page, list: string, cards: number): Promise<void> {
  await page.mouse.wheel(0, 600);
  await expect
    .poll(() => page.getByRole('list', { name: list }).locator(':scope > li').count(), { timeout: 30_000 })
    .toBe(cards);
}

/** Opens `path` in the file's page, each wait of the test as long as a page of hundreds of cards needs. */
async function openAtScale(path: string): Promise<Page> {
  const { page } = app;
  page.setDefaultTimeout(90_000);
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

async function configuration() {
  return FestivalConfigSchema.parse(JSON.parse(await readFile(`${projectRoot}/festival.config.json`, 'utf8')));
}

describe('the festival lists at festival scale', () => {
  test(
    'every one of 600 acts is reachable from /acts with "Show more", focus on the first new card',
    async () => {
      const page = await openAtScale('/acts');
      await page.getByText('Found 600 results').waitFor();
      await page.getByText('Showing 100 of 600').waitFor();
      await expectNoAxeViolations(page);
      await scrollToTheRest(page, 'Acts', 100);
      for (let shown = 200; shown <= 600; shown += 100) {
        await page.getByRole('button', { name: 'Show more' }).click();
        await page.getByText(`Showing ${shown} of 600`).waitFor();
        if (shown === 200) {
          // Keyboard focus is on the title link of card 101.
          const card101 = page
            .getByRole('list', { name: 'Acts' })
            .locator(':scope > li')
            .nth(100)
            .locator('.card-title a');
          await expect(card101.evaluate((a) => a === a.ownerDocument.activeElement)).resolves.toBe(true);
        }
      }
      await expect(page.getByRole('button', { name: 'Show more' }).count()).resolves.toBe(0);
      const hrefs = await page
        .getByRole('list', { name: 'Acts' })
        .locator('.card-title a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toHaveLength(600);
      expect(new Set(hrefs)).toEqual(new Set(festival.acts.map((a) => `/acts/${a.id}`)));
    },
    SLOW,
  );

  test(
    '/venues shows how many of 300 and loads the next 100',
    async () => {
      const page = await openAtScale('/venues');
      await page.getByText('Showing 100 of 300').waitFor();
      await expectNoAxeViolations(page);
      await scrollToTheRest(page, 'Venues', 100);
      await page.getByRole('button', { name: 'Show more' }).click();
      await page.getByText('Showing 200 of 300').waitFor();
      await expect(page.getByRole('list', { name: 'Venues' }).getByRole('article').count()).resolves.toBe(200);
    },
    SLOW,
  );

  test(
    '"Plays at" selects the acts scheduled in a slot, each shown with its clock times',
    async () => {
      const page = await openAtScale('/acts');
      const inSlot2 = festival.acts.filter((a) => a.set?.slot === 'Slot 2');
      await page.getByLabel('Plays at').selectOption({ label: 'Slot 2, 1:30pm-2:30pm EDT' });
      await page.getByText(`Found ${inSlot2.length} results`).waitFor();
      expect(new URL(page.url()).searchParams.get('plays')).toBe('Slot 2');
      const first = page.getByRole('list', { name: 'Acts' }).getByRole('article').first();
      await expect(first.getByText(/^Slot 2, 1:30pm-2:30pm EDT at /).count()).resolves.toBe(1);
      await expectNoAxeViolations(page);
    },
    SLOW,
  );

  test(
    "an act's calendar file from its page parses into events at the configured times",
    async () => {
      const config = await configuration();
      const act = festival.acts.find((a) => a.set !== null)!;
      const page = await openAtScale(`/acts/${act.id}`);
      await page.getByRole('heading', { level: 1, name: act.name }).waitFor();
      await expectNoAxeViolations(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Add to calendar' }).click(),
      ]);
      const text = await readFile(await download.path(), 'utf8');
      const calendar = new ICAL.Component(ICAL.parse(text));
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      const window = slotWindows(config, config.event.date).find((w) => w.name === act.set!.slot)!;
      expect(
        events.map((e) => [e.summary, e.location, e.startDate.toJSDate().getTime(), e.endDate.toJSDate().getTime()]),
      ).toEqual([[act.name, fullAddress(config.town, act.set!.address), window.start, window.end]]);
    },
    SLOW,
  );
});
