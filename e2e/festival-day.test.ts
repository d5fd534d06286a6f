import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Act } from '../contract/acts.js';
import type { SessionUser } from '../contract/auth.js';
import type { Genre } from '../contract/enums.js';
import { zonedInstant } from '../contract/festival-time.js';
import type { Venue } from '../contract/venues.js';
import festivalConfig from '../festival.config.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';
import { once } from './support/once.js';
import { DESKTOP, PHONE, waitForTakeOver } from './support/browser.js';

const app = useE2eApp('festival-day');

const ZONE = festivalConfig.timezone;
const DAY = festivalConfig.event.date;
/** An instant given as the festival's wall clock on the festival day (or another date). */
const at = (time: string, date = DAY) => new Date(zonedInstant(date, time, ZONE));

// The people and calls of e2e/support/actors.ts.
const { api, signUp } = e2eActors(app);

const createAct = (performer: SessionUser, name: string, type: Genre, bio: string) =>
  api<Act>('/v1/acts', {
    method: 'POST',
    token: performer.jwt_token,
    body: {
      name,
      bio,
      type,
      rain_date_available: true,
      preferred_slots: ['Slot 2'],
      size: 'one_to_three',
      sound_system: 'bring_own',
    },
  });

/** A porch with the given acts scheduled, slot by slot ('Slot 2' → act). */
async function createPorch(host: SessionUser, address: string, lineUp: Record<string, Act>): Promise<Venue> {
  const slots = Object.keys(lineUp);
  const venue = await api<Venue>('/v1/venues', {
    method: 'POST',
    token: host.jwt_token,
    body: {
      address,
      bio: '<p>A wide porch under an oak.</p>',
      rain_date_available: true,
      preferred_act_types: ['bluegrass'],
      size_pref: 'any',
      provide_electric: 'yes',
      provide_sound_system: 'no',
      available_slots: slots.map((slot_def) => ({ slot_def })),
    },
  });
  await api(`/v1/venues/${venue.id}`, {
    method: 'PATCH',
    token: host.jwt_token,
    body: { available_slots: slots.map((slot_def) => ({ slot_def, scheduled_act_id: lineUp[slot_def]!.id })) },
  });
  return venue;
}

interface Festival {
  brass: Act;
  jazz: Act;
  oak: Venue;
  elm: Venue;
}

/** One small festival for the whole file: five sets over four slots, two of them in Slot 2. */
const seed = once(async (): Promise<Festival> => {
  const performer = await signUp(['performer'], 'Penny Player');
  const host = await signUp(['host'], 'Hattie Host');
  const long = 'Tunes for dancing on the lawn. '.repeat(12);
  const fiddles = await createAct(performer, 'Morning Fiddles', 'folk', `<p>${long}</p>`);
  const brass = await createAct(performer, 'Two O’Clock Brass', 'brass', '<p>Horns, a tuba and a snare.</p>');
  const jazz = await createAct(performer, 'Elm Street Jazz', 'jazz', '<p>Standards from a quartet.</p>');
  const blues = await createAct(performer, 'Afternoon Blues', 'blues', '<p>Slide guitar.</p>');
  const strings = await createAct(performer, 'Sunset Strings', 'classical', '<p>A string quartet.</p>');
  const oak = await createPorch(host, '1 Oak Street', { 'Slot 1': fiddles, 'Slot 2': brass });
  const elm = await createPorch(host, '2 Elm Street', { 'Slot 2': jazz, 'Slot 3': blues });
  await createPorch(host, '3 Pine Street', { 'Slot 4': strings });
  return { brass, jazz, oak, elm };
});

/** The phone view's selected tab, as a screen reader announces it. */
const selectedTab = (page: Page) => page.locator('[role="tab"][aria-selected="true"]');

/** Opens the home page at `viewport`'s size with the page's clock stopped at `time`. */
async function openHomeAt(page: Page, viewport: typeof PHONE, time: Date): Promise<void> {
  await page.setViewportSize(viewport);
  await page.clock.setFixedTime(time);
  await page.goto('/');
}

async function openPhoneScheduleAt(page: Page, time: Date): Promise<void> {
  await page.setViewportSize(PHONE);
  await page.clock.setFixedTime(time);
  await page.goto('/schedule');
  // The server draws the page by its own clock; the app takes it over and reads the browser's.
  await waitForTakeOver(page);
  await page.getByRole('tablist', { name: 'Time slots' }).waitFor();
}

async function newContext(options: { timezoneId?: string } = {}): Promise<BrowserContext> {
  const browser = app.context.browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: PHONE, locale: 'en-US', ...options });
  context.setDefaultTimeout(15_000);
  return context;
}

describe('festival day on a phone', () => {
  test('at 2:00pm one tap from the home page opens Slot 2, marked Now, with Slot 3 marked Next', async () => {
    await seed();
    const { page } = app;
    await openHomeAt(page, PHONE, at('14:00'));
    await page.getByRole('link', { name: 'See the schedule' }).click();
    await expect.poll(() => selectedTab(page).innerText()).toContain('1:30pm-2:30pm EDT');
    expect(await selectedTab(page).innerText()).toContain('Now');
    expect(await page.getByRole('tab', { name: /3:00pm-4:00pm EDT/ }).innerText()).toContain('Next');
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: 'Two O’Clock Brass' }).waitFor();
    await panel.getByRole('link', { name: 'Elm Street Jazz' }).waitFor();
    expect(await panel.getByRole('link', { name: '1 Oak Street' }).getAttribute('href')).toMatch(/^\/venues\/\d+$/);
    expect(await panel.getByRole('link', { name: 'Morning Fiddles' }).count()).toBe(0);
    // Only one layout is rendered.
    expect(await page.locator('table.schedule-table').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test.each([
    ['before the first slot', at('10:00'), '12pm-1:00pm EDT', 'Next'],
    ['between two slots', at('14:45'), '3:00pm-4:00pm EDT', 'Next'],
    ['after the last slot', at('19:00'), '12pm-1:00pm EDT', null],
    ['the day before', at('14:00', '2025-06-13'), '12pm-1:00pm EDT', null],
  ])('%s the right slot opens, in New York and in Tokyo', async (_when, time, label, marker) => {
    await seed();
    await openPhoneScheduleAt(app.page, time);
    await expect.poll(() => selectedTab(app.page).innerText()).toContain(label);
    const tokyo = await newContext({ timezoneId: 'Asia/Tokyo' });
    try {
      const page = await tokyo.newPage();
      await openPhoneScheduleAt(page, time);
      await expect.poll(() => selectedTab(page).innerText()).toContain(label);
      if (marker) await expect.poll(() => selectedTab(page).innerText()).toContain(marker);
      else await expect.poll(() => selectedTab(page).innerText()).not.toMatch(/Now|Next/);
    } finally {
      await tokyo.close();
    }
  });

  test('the schedule moves on by itself when a slot ends', async () => {
    await seed();
    const { page } = app;
    await page.setViewportSize(PHONE);
    await page.clock.install({ time: at('14:29') });
    await page.goto('/schedule');
    await expect.poll(() => selectedTab(page).innerText()).toContain('Now');
    expect(await selectedTab(page).innerText()).toContain('1:30pm-2:30pm EDT');
    await page.clock.fastForward('02:00');
    await expect.poll(() => selectedTab(page).innerText()).toContain('3:00pm-4:00pm EDT');
    expect(await selectedTab(page).innerText()).toContain('Next');
  });

  test('the slot tabs work from the keyboard, and reduced motion turns off their transition', async () => {
    await seed();
    const { page } = app;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openPhoneScheduleAt(page, at('14:00'));
    await selectedTab(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => selectedTab(page).innerText()).toContain('3:00pm-4:00pm EDT');
    expect(await page.evaluate('document.activeElement.getAttribute("aria-selected")')).toBe('true');
    await page.getByRole('tabpanel').getByRole('link', { name: 'Afternoon Blues' }).waitFor();
    const transition = await page.evaluate('getComputedStyle(document.querySelector("[role=tab]")).transitionDuration');
    expect(transition).toBe('0s');
    // Expanding a description in place.
    await page.keyboard.press('Home');
    const more = page.getByRole('button', { name: 'Show more about Morning Fiddles' });
    await more.focus();
    await page.keyboard.press('Enter');
    const less = page.getByRole('button', { name: 'Show less about Morning Fiddles' });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => less.evaluate((button) => button.ownerDocument.activeElement === button)).toBe(true);
  });

  test('two favourites in the same slot show a conflict on My day, with their share link and calendar file', async () => {
    const { brass, jazz, oak, elm } = await seed();
    const { page } = app;
    await openPhoneScheduleAt(page, at('14:00'));
    for (const name of ['Two O’Clock Brass', 'Elm Street Jazz']) {
      const star = page.getByRole('button', { name: `Favourite: ${name}` });
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      expect(await star.getAttribute('aria-pressed')).toBe('true');
    }
    await expectNoAxeViolations(page);
    // Favourites survive a reload.
    await page.reload();
    expect(await page.getByRole('button', { name: 'Favourite: Elm Street Jazz' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await page.getByRole('link', { name: 'My day' }).click();
    await page.getByRole('heading', { level: 1, name: 'My day' }).waitFor();
    const conflict = page.getByRole('note');
    expect(await conflict.innerText()).toMatch(/Conflict: Two O’Clock Brass and Elm Street Jazz play at the same time/);
    await expectNoAxeViolations(page);

    const shareUrl = await page.getByLabel('Link to my day').inputValue();
    expect(shareUrl).toBe(`${app.baseUrl}/myday?acts=${brass.id},${jazz.id}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Add to calendar' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('porchfest-my-day.ics');
    const path = await download.path();
    const text = await readFile(path, 'utf8');
    expect(text).toContain('\r\n');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const slot2 = festivalConfig.slots[1]!;
    expect(
      events.map((e) => ({
        uid: e.uid,
        summary: e.summary,
        location: e.location,
        start: e.startDate.toJSDate().getTime(),
        end: e.endDate.toJSDate().getTime(),
      })),
    ).toEqual([
      {
        uid: `set-${oak.id}-2@${new URL(app.baseUrl).host}`,
        summary: 'Two O’Clock Brass',
        location: `1 Oak Street, ${festivalConfig.town}`,
        start: zonedInstant(DAY, slot2.start, ZONE),
        end: zonedInstant(DAY, slot2.end, ZONE),
      },
      {
        uid: `set-${elm.id}-2@${new URL(app.baseUrl).host}`,
        summary: 'Elm Street Jazz',
        location: `2 Elm Street, ${festivalConfig.town}`,
        start: zonedInstant(DAY, slot2.start, ZONE),
        end: zonedInstant(DAY, slot2.end, ZONE),
      },
    ]);
    expect(events[0]?.component.getFirstPropertyValue('url')).toBe(`${app.baseUrl}/acts/${brass.id}`);
  }, 120_000);

  test('the share link opened in a fresh browser shows the same acts, with a button to keep them', async () => {
    const { brass, jazz } = await seed();
    const shareUrl = `${app.baseUrl}/myday?acts=${brass.id},${jazz.id}`;
    const other = await newContext();
    try {
      const phone = await other.newPage();
      await phone.clock.setFixedTime(at('14:00'));
      await phone.goto(shareUrl);
      await phone.getByRole('link', { name: 'Two O’Clock Brass' }).waitFor();
      await phone.getByRole('link', { name: 'Elm Street Jazz' }).waitFor();
      await expectNoAxeViolations(phone);
      await phone.getByRole('button', { name: 'Add these 2 to my favourites' }).click();
      await phone.getByText('All of them are in your favourites.').waitFor();
      await expectNoAxeViolations(phone);
      await phone.getByRole('link', { name: 'See my day' }).click();
      await phone.getByRole('note').waitFor();
    } finally {
      await other.close();
    }
  }, 120_000);
});

describe('festival day on a desktop', () => {
  test('the nav link opens the spec’s grid with the Now marker on the slot playing', async () => {
    await seed();
    const { page } = app;
    await openHomeAt(page, DESKTOP, at('14:00'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Schedule' }).click();
    const table = page.locator('table.schedule-table');
    await table.waitFor();
    const titles = (await table.locator('thead th').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    expect(titles).toEqual(['Location', '12pm-1:00pm', '1:30pm-2:30pm Now', '3:00pm-4:00pm Next', '4:30pm-5:30pm']);
    expect(await page.getByRole('tablist').count()).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('filters live in the URL, count the matches and say when nothing matches', async () => {
    await seed();
    const { page } = app;
    await page.setViewportSize(DESKTOP);
    await page.goto('/schedule');
    await page.locator('table.schedule-table').waitFor();
    await page.locator('summary', { hasText: 'Genres' }).click();
    // The URL holds the filters: each box is ticked by the navigation its click makes, so each
    // click waits for its own (check() can read the box before that navigation has ticked it).
    await page.getByLabel('Jazz', { exact: true }).click();
    await expect.poll(() => page.url()).toContain('genre=jazz');
    await page.getByLabel('Brass', { exact: true }).click();
    await expect.poll(() => page.url()).toContain('genre=jazz&genre=brass');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'sets' }).innerText())
      .toMatch(/^2 of \d+ sets match\./);
    await expectNoAxeViolations(page);

    await page.getByLabel('Search acts, porches and descriptions').fill('quartet');
    await expect.poll(() => page.url()).toContain('q=quartet');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'sets' }).innerText())
      .toMatch(/^1 of \d+ sets match\./);

    // Shared: the same URL opens the same filtered schedule.
    const shared = page.url();
    await page.goto(shared);
    await page.getByRole('link', { name: 'Elm Street Jazz' }).waitFor();
    expect(await page.getByRole('link', { name: 'Two O’Clock Brass' }).count()).toBe(0);

    await page.getByLabel('Favourites only').click();
    await page.getByText('No set matches these filters.').waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await page.getByRole('link', { name: 'Two O’Clock Brass' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  test('an act page has the star, and it is the same favourite as on the schedule', async () => {
    const { brass } = await seed();
    const { page } = app;
    await page.setViewportSize(DESKTOP);
    await page.goto(`/acts/${brass.id}`);
    const star = page.getByRole('button', { name: 'Favourite: Two O’Clock Brass' });
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await expectNoAxeViolations(page);
    await page.goto('/myday');
    await page.getByRole('link', { name: 'Two O’Clock Brass' }).waitFor();
  });
});
