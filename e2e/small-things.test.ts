import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Act } from '../contract/acts.js';
import type { SessionUser } from '../contract/auth.js';
import { zonedInstant } from '../contract/festival-time.js';
import type { Venue } from '../contract/venues.js';
import festivalConfig from '../festival.config.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { DESKTOP, PHONE } from './support/browser.js';
import { useE2eApp } from './support/e2e-app.js';
import { once } from './support/once.js';

// Issue 28, item 9: the smaller things a walk through festival day found.

const app = useE2eApp('small-things');
const { signUp, signInAs, createAct, createVenue, saveSlots } = e2eActors(app);

const ZONE = festivalConfig.timezone;
const DAY = festivalConfig.event.date;
/** An instant given as the festival's wall clock on the festival day (or another date). */
const at = (time: string, date = DAY) => new Date(zonedInstant(date, time, ZONE));
const ALL_SLOTS = ['Slot 1', 'Slot 2', 'Slot 3', 'Slot 4'];

interface Seeded {
  performer: SessionUser;
  acts: Act[];
  oak: Venue;
}

/** One porch with three acts, in Slots 1, 2 and 3, for the whole file. */
const seed = once(async (): Promise<Seeded> => {
  const performer = await signUp(['performer'], 'Mona Myday');
  const host = await signUp(['host'], 'Oscar Oak');
  const acts = await Promise.all(
    ['Noon Fiddles', 'Two O’Clock Brass', 'Three Strings'].map((name) =>
      createAct(performer, name, { preferred_slots: ALL_SLOTS }),
    ),
  );
  const oak = await createVenue(host, '1 Oak Street', {
    available_slots: ['Slot 1', 'Slot 2', 'Slot 3'].map((slot_def) => ({ slot_def })),
  });
  await saveSlots(
    host,
    oak,
    acts.map((act, i) => ({ slot_def: `Slot ${i + 1}`, scheduled_act_id: act.id })),
  );
  return { performer, acts, oak };
});

/** The little of the page the tests read in `evaluate` (the e2e files are checked without the DOM types). */
/** The file's page, on a screen of `size`. */
async function pageOn(size: typeof PHONE): Promise<Page> {
  await app.page.setViewportSize(size);
  return app.page;
}

/** Before any script of the page runs, the device has no `navigator[name]`. */
const withoutNavigator = (page: Page, name: 'clipboard' | 'share') =>
  page.addInitScript((property) => {
    Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, property, {
      value: undefined,
      configurable: true,
    });
  }, name);

interface PageGlobals {
  document: {
    activeElement: { id: string; selectionStart: number | null; selectionEnd: number | null; value: string } | null;
    getElementById(id: string): unknown;
    createElement(tag: 'canvas'): {
      getContext(kind: '2d'): { font: string; measureText(text: string): { width: number } };
    };
  };
  getComputedStyle(element: unknown): Record<string, string> & { font: string };
  __shared?: { title?: string; url?: string };
}

describe('My day', () => {
  test('is in the navigation, and marks the slots Ended, Now and Next on the festival day', async () => {
    const { acts } = await seed();
    const page = await pageOn(DESKTOP);
    await page.clock.setFixedTime(at('14:00'));
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My day' }).click();
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    expect(
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'My day' })
        .getAttribute('aria-current'),
    ).toBe('page');

    // A shared link with an act the schedule cannot show (removed since) counts the three it shows.
    await page.goto(`/myday?acts=${acts.map((a) => a.id).join(',')},987654`);
    await page.getByText('Someone shared these 3 acts with you.').waitFor();
    await page.getByRole('button', { name: 'Add these 3 to my favourites' }).waitFor();
    const slotHeading = (n: number) => page.getByRole('heading', { level: 2, name: new RegExp(`^Slot ${n}:`) });
    expect(await slotHeading(1).textContent()).toMatch(/Ended$/);
    expect(await slotHeading(2).textContent()).toMatch(/Now$/);
    expect(await slotHeading(3).textContent()).toMatch(/Next$/);
    await expectNoAxeViolations(page);

    // On another day nothing is marked.
    await page.clock.setFixedTime(at('14:00', '2025-06-10'));
    await page.reload();
    await slotHeading(2).waitFor();
    for (const n of [1, 2, 3]) expect(await slotHeading(n).textContent()).not.toMatch(/(Ended|Now|Next)$/);
  }, 120_000);

  test('"Copy link" selects the link where the device cannot copy, and "Share" opens the share sheet where there is one', async () => {
    const { acts } = await seed();
    const page = await pageOn(PHONE);
    // A browser without a clipboard for the page, and a phone's share sheet that records what it was given.
    await withoutNavigator(page, 'clipboard');
    await page.addInitScript(() => {
      Object.defineProperty((globalThis as unknown as { navigator: object }).navigator, 'share', {
        configurable: true,
        value: (data: { title?: string; url?: string }) => {
          (globalThis as unknown as PageGlobals).__shared = data;
          return Promise.resolve();
        },
      });
    });
    await page.goto(`/myday?acts=${acts.map((a) => a.id).join(',')}`);
    await page.getByRole('button', { name: 'Add these 3 to my favourites' }).click();
    await page.goto('/myday');
    const link = page.getByLabel('Link to my day');
    const url = await link.inputValue();
    expect(url).toBe(`${app.baseUrl}/myday?acts=${acts.map((a) => a.id).join(',')}`);

    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('The link is selected: copy it with your device’s Copy.').waitFor();
    const selection = await page.evaluate(() => {
      const active = (globalThis as unknown as PageGlobals).document.activeElement;
      return { id: active?.id, start: active?.selectionStart, end: active?.selectionEnd, length: active?.value.length };
    });
    expect(selection).toEqual({ id: 'myday-share-link', start: 0, end: url.length, length: url.length });

    await page.getByRole('button', { name: 'Share' }).click();
    const shared = await page.evaluate(() => (globalThis as unknown as PageGlobals).__shared);
    expect(shared).toEqual({ title: 'Porchfest 2025: my day', url });
    await expectNoAxeViolations(page);
  }, 120_000);

  test('offers no Share button where the device has no share sheet', async () => {
    const { acts } = await seed();
    const page = await pageOn(DESKTOP);
    await withoutNavigator(page, 'share');
    await page.goto(`/myday?acts=${acts[0]!.id}`);
    await page.getByRole('button', { name: 'Add it to my favourites' }).click();
    await page.goto('/myday');
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0);
  }, 120_000);
});

describe('the home page', () => {
  test('after the festival says it is over and thanks people; before, it does not', async () => {
    await seed();
    const page = await pageOn(PHONE);
    await page.clock.setFixedTime(at('18:00'));
    await page.goto('/');
    await page.getByText('Porchfest 2025 is over.').waitFor();
    await page
      .getByText('Thank you to every host, performer, volunteer and neighbour who made it.', { exact: false })
      .waitFor();
    await expectNoAxeViolations(page);

    await page.clock.setFixedTime(at('16:00'));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Porchfest 2025' }).waitFor();
    expect(await page.getByText('Porchfest 2025 is over.').count()).toBe(0);
  }, 120_000);

  test('links the whole-festival calendar: "Subscribe to the schedule"', async () => {
    await seed();
    const page = await pageOn(DESKTOP);
    await page.goto('/');
    const link = page.getByRole('link', { name: 'Subscribe to the schedule' });
    expect(await link.getAttribute('href')).toBe('/v1/schedule.ics');
    const res = await page.request.get(`${app.baseUrl}/v1/schedule.ics`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await res.text()).toContain('SUMMARY:Two O’Clock Brass');
  }, 120_000);
});

describe('My Acts', () => {
  test("shows each set's set-up time, porch and slot", async () => {
    const { performer } = await seed();
    await signInAs(performer);
    const page = await pageOn(PHONE);
    await page.goto('/myacts');
    const slot2 = festivalConfig.slots[1]!;
    expect(slot2.setup).toBe('13:00');
    await page.getByText('Set up at 1:00pm EDT at 1 Oak Street for Slot 2 (1:30pm-2:30pm)').waitFor();
    await page.getByText('Set up at 11:30am EDT at 1 Oak Street for Slot 1 (12pm-1:00pm)').waitFor();
    await expectNoAxeViolations(page);
  }, 120_000);
});

/** How many pages a PDF has: its page objects (not the /Pages tree). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

describe('the printed schedule', () => {
  test('is a compact handout: each cell the name and genre, sixteen porches on one Letter page', async () => {
    await seed();
    const long = 'Songs about rivers, porches and the long summer evenings of the lake country. '.repeat(4);
    const performers = await Promise.all([signUp(['performer'], 'Hana Handout'), signUp(['performer'], 'Ivo Inkjet')]);
    const host = await signUp(['host'], 'Paula Paper');
    for (let porch = 1; porch <= 16; porch++) {
      const venue = await createVenue(host, `${porch} Handout Lane`, {
        available_slots: ['Slot 1', 'Slot 2', 'Slot 4'].map((slot_def) => ({ slot_def })),
      });
      const acts: Act[] = [];
      for (const slot of [1, 2, 4])
        acts.push(
          await createAct(performers[porch % 2]!, `Handout Band ${porch}-${slot}`, {
            preferred_slots: ALL_SLOTS,
            bio: `<p>${long}</p>`,
          }),
        );
      await saveSlots(
        host,
        venue,
        [1, 2, 4].map((slot, i) => ({ slot_def: `Slot ${slot}`, scheduled_act_id: acts[i]!.id })),
      );
    }
    const page = await pageOn(DESKTOP);
    await page.goto('/schedule');
    // The grid draws its rows as they come near the viewport: scroll down until the last porch is drawn.
    const last = page.getByRole('link', { name: 'Handout Band 16-4' });
    await expect
      .poll(async () => {
        await page.keyboard.press('End');
        return last.count();
      })
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    await page.getByTestId('print-header').waitFor();
    const cell = page.getByRole('cell').filter({ hasText: 'Handout Band 7-2' });
    expect(await cell.getByRole('link', { name: 'Handout Band 7-2' }).isVisible()).toBe(true);
    expect(await cell.getByText('Bluegrass').isVisible()).toBe(true);
    expect(await cell.getByText(/Songs about rivers/).isVisible()).toBe(false);
    expect(pdfPages(await page.pdf({ format: 'Letter', landscape: true }))).toBe(1);
  }, 180_000);
});

describe('/acts', () => {
  test('shows its search placeholder whole on a desktop', async () => {
    await seed();
    const { page } = app;
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/acts');
      const fits = await page.evaluate(() => {
        const g = globalThis as unknown as PageGlobals;
        const input = g.document.getElementById('act-search') as {
          placeholder: string;
          clientWidth: number;
        };
        const style = g.getComputedStyle(input);
        const context = g.document.createElement('canvas').getContext('2d');
        context.font = `${style.fontSize} ${style.fontFamily}`;
        const text = context.measureText(input.placeholder).width;
        const room = input.clientWidth - parseFloat(style.paddingLeft!) - parseFloat(style.paddingRight!);
        return { text: Math.ceil(text), room: Math.floor(room) };
      });
      expect(fits.text, `at ${width}px`).toBeLessThanOrEqual(fits.room);
    }
  }, 120_000);
});
