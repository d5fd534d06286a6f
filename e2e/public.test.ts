import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { FestivalConfigSchema, type FestivalConfig } from '../contract/festival.js';
import { expectNoAxeViolations } from './support/axe.js';
import { useE2eApp } from './support/e2e-app.js';
import { projectRoot, startServer, type RunningServer } from './support/server.js';

const app = useE2eApp('public');

// The edition the server was started with (the harness passes FESTIVAL_CONFIG through).
const festival: FestivalConfig = FestivalConfigSchema.parse(
  JSON.parse(readFileSync(join(projectRoot, process.env.FESTIVAL_CONFIG ?? 'festival.config.json'), 'utf8')),
);

// docs/behaviour.md#constants-and-limits.
const SLIDE_INTERVAL_MS = 5_000;
const SWIPE_THRESHOLD_PX = 40;

/** 'Saturday, June 14, 2025': how the pages write a configured date (the edited-config test pins the wording). */
const dayText = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** '13:30' as '1:30pm'. */
function clockText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h >= 12 ? 'pm' : 'am'}`;
}
const whenText = (range: FestivalConfig['event']) =>
  `${dayText(range.date)}, ${clockText(range.start)} to ${clockText(range.end)}`;

const main = (page: Page) => page.locator('main');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const metaContent = (page: Page, selector: string) => page.locator(`head meta[${selector}]`).getAttribute('content');

/** The aria-label ('2 of 6') of the slide on show; the others are hidden. */
const currentSlide = (page: Page) =>
  page.locator('[aria-roledescription="slide"]:not([hidden])').getAttribute('aria-label');

/** Whether an image has arrived and decoded (it has a natural size). */
const imageArrived = (img: Locator) =>
  img.evaluate((element) => {
    const image = element as unknown as { complete: boolean; naturalWidth: number };
    return image.complete && image.naturalWidth > 0;
  });

/** Focus leaves the carousel (for the pause-on-focus checks). */
const blurFocus = (page: Page) => page.evaluate('document.activeElement?.blur()');

/**
 * Moves the page's clock (Playwright's, installed for the carousel's checks) on a quarter second
 * at a time until `slide` is on show: React renders, and schedules the next turn, between the
 * steps. Gives up after `limitMs` of the page's time.
 */
async function runUntilSlide(page: Page, slide: string, limitMs = 2 * SLIDE_INTERVAL_MS): Promise<void> {
  for (let ran = 0; ran < limitMs; ran += 250) {
    if ((await currentSlide(page)) === slide) return;
    await page.clock.runFor(250);
  }
  expect(await currentSlide(page), `the slide on show after ${limitMs} ms of the page's time`).toBe(slide);
}

async function openHome(page: Page, baseUrl = app.baseUrl): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByRole('region', { name: /bands on porches/ }).waitFor();
}

interface Expected {
  config: FestivalConfig;
  event: string;
  rain: string;
  keyDates: [string, string][];
  slots: [string, string, string][];
}

/** Each public page shows this edition's facts; shared by the committed config and the edited copy. */
async function expectEditionOnEveryPage(page: Page, baseUrl: string, expected: Expected): Promise<void> {
  const { config } = expected;
  const edition = `${config.name} ${config.year}`;

  await openHome(page, baseUrl);
  await expect.poll(() => page.title()).toBe(edition);
  const home = main(page);
  await home.getByRole('heading', { level: 1, name: edition }).waitFor();
  expect(await home.textContent()).toContain(config.tagline);
  expect(await home.locator('.festival-when').innerText()).toMatch(
    new RegExp(`When\\s+${literal(expected.event)}\\s+Rain date\\s+${literal(expected.rain)}`),
  );
  const slides = page.locator('[aria-roledescription="slide"] img');
  expect(
    await slides.evaluateAll((imgs) => imgs.map((img) => [img.getAttribute('src'), img.getAttribute('alt')])),
  ).toEqual(config.carousel.map((image) => [image.src, image.alt]));
  const disclaimer = home.getByRole('region', { name: 'Liability and photography' });
  expect(await disclaimer.innerText()).toMatch(new RegExp(`${literal(config.name)} committee.*not responsible`, 's'));
  expect(await disclaimer.innerText()).toMatch(/Photographs and video are taken/);
  for (const link of config.social_links) {
    expect(await home.getByRole('link', { name: `${config.name} on ${link.name}` }).getAttribute('href')).toBe(
      link.url,
    );
  }
  expect(await home.textContent()).toContain(config.hashtag);
  await expectSponsors(page, config);

  await page.goto(`${baseUrl}/${config.slug}`);
  await main(page).getByRole('heading', { level: 1, name: edition }).waitFor();
  const saveTheDate = main(page).getByRole('region', { name: 'Save the date' });
  expect(await saveTheDate.innerText()).toContain(expected.event);
  expect(await saveTheDate.innerText()).toContain(`Rain date: ${expected.rain}`);
  const rows = await main(page)
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
  expect(rows).toEqual(expected.keyDates);
  for (const [name, path] of [
    ['Register', '/register'],
    ['Acts', '/acts'],
    ['Venues', '/venues'],
    ['FAQ', '/faq'],
  ]) {
    expect(await main(page).getByRole('link', { name, exact: true }).getAttribute('href')).toBe(path);
  }

  await page.goto(`${baseUrl}/about`);
  await main(page)
    .getByRole('heading', { level: 1, name: `About ${config.name}` })
    .waitFor();
  await expectSponsors(page, config);
  const committee = main(page).getByRole('region', { name: 'Committee' });
  expect(await committee.getByRole('listitem').allInnerTexts()).toEqual(
    config.committee.map((m) => `${m.name}, ${m.role}`),
  );
  expect(await committee.getByRole('link', { name: config.committee_email }).getAttribute('href')).toBe(
    `mailto:${config.committee_email}`,
  );

  await page.goto(`${baseUrl}/faq`);
  await main(page).getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
  const slotRows = await main(page)
    .getByRole('region', { name: 'Slots' })
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent?.trim())));
  expect(slotRows).toEqual(expected.slots);
  const faqText = await main(page).innerText();
  for (const [label, date] of expected.keyDates) expect(faqText).toContain(`${label}: ${date}`);
  for (const member of config.committee) expect(faqText).toContain(`${member.name}: ${member.role}`);
  expect(faqText).toContain(`Use ${config.hashtag} when you post`);
  expect(faqText).toContain(`The rain date is ${expected.rain}`);

  await page.goto(`${baseUrl}/waivers`);
  await main(page).getByRole('heading', { level: 1, name: 'Liability waivers' }).waitFor();
  const days = `${dayText(config.event.date)} (or the rain date, ${dayText(config.rain_date.date)})`;
  for (const [heading, role] of [
    ['Performer liability waiver', 'performer'],
    ['Host liability waiver', 'host'],
  ]) {
    const waiver = main(page).getByRole('region', { name: heading });
    expect(await waiver.innerText()).toContain(`By registering as a ${role} for ${edition}, on ${days}`);
    expect(await waiver.innerText()).toContain(`the ${config.name} committee and its volunteers`);
  }
}

async function expectSponsors(page: Page, config: FestivalConfig): Promise<void> {
  for (const sponsor of config.sponsors) {
    const logo = main(page).getByRole('img', { name: sponsor.name, exact: true });
    expect(await logo.getAttribute('src')).toBe(sponsor.logo);
    expect(await main(page).getByRole('link', { name: sponsor.name, exact: true }).getAttribute('href')).toBe(
      sponsor.url,
    );
    // Both the box is reserved and the image arrived (lazy loading still loads it when scrolled to).
    await logo.scrollIntoViewIfNeeded();
    await expect.poll(() => imageArrived(logo)).toBe(true);
  }
}

describe('the public pages show this edition', () => {
  test('home, event page, about, FAQ and waivers carry the configured dates, names, links and hashtag', async () => {
    await expectEditionOnEveryPage(app.page, app.baseUrl, {
      config: festival,
      event: whenText(festival.event),
      rain: whenText(festival.rain_date),
      keyDates: festival.key_dates.map((k) => [k.label, dayText(k.date)]),
      slots: festival.slots.map((s) => [s.name, `${clockText(s.start)}-${clockText(s.end)}`, clockText(s.setup)]),
    });
  });

  test('each page has its own title and description, for search engines and link previews', async () => {
    const { page } = app;
    const seen = new Map<string, string>();
    for (const path of ['/', `/${festival.slug}`, '/about', '/faq', '/waivers']) {
      await page.goto(path);
      await main(page).getByRole('heading', { level: 1 }).waitFor();
      // Set once the page has the festival: wait for the link-preview title to follow.
      await expect
        .poll(async () => (await metaContent(page, 'property="og:title"')) === (await page.title()))
        .toBe(true);
      const title = await page.title();
      const description = await metaContent(page, 'name="description"');
      expect(title, path).toContain(festival.name);
      expect(description, path).toContain(festival.name);
      expect(await metaContent(page, 'property="og:title"'), path).toBe(title);
      expect(await metaContent(page, 'property="og:description"'), path).toBe(description);
      expect([...seen.keys()], `${path} reuses a title`).not.toContain(title);
      expect([...seen.values()], `${path} reuses a description`).not.toContain(description);
      seen.set(title, description ?? '');
    }

    // Leaving for a screen with no description of its own puts index.html's default back.
    await page.goto('/faq');
    await main(page).getByRole('heading', { level: 1, name: 'Frequently asked questions' }).waitFor();
    const faqDescription = await metaContent(page, 'name="description"');
    await main(page).getByRole('link', { name: 'login page' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await expect.poll(() => page.title()).toMatch(/^Login/);
    const loginDescription = await metaContent(page, 'name="description"');
    expect(loginDescription).not.toBe(faqDescription);
    expect(loginDescription).toMatch(/porch music festival/i);
  });

  test('the first carousel image loads with the page at high priority, the others lazily, all with a reserved size', async () => {
    const { page } = app;
    await openHome(page);
    const images = await page.locator('[aria-roledescription="slide"] img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        loading: img.getAttribute('loading'),
        fetchpriority: img.getAttribute('fetchpriority'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    );
    expect(images).toHaveLength(6);
    expect(images[0]).toMatchObject({ loading: 'eager', fetchpriority: 'high' });
    for (const image of images.slice(1)) expect(image.loading).toBe('lazy');
    for (const image of images) expect(Number(image.width) * Number(image.height)).toBeGreaterThan(0);
    const first = page.locator('[aria-roledescription="slide"] img').first();
    await expect.poll(() => imageArrived(first)).toBe(true);
  });

  test('axe finds no WCAG 2.1 A/AA violation on the five pages', async () => {
    const { page } = app;
    for (const path of ['/', `/${festival.slug}`, '/about', '/faq', '/waivers']) {
      await page.goto(path);
      await main(page).getByRole('heading', { level: 1 }).waitFor();
      await expectNoAxeViolations(page);
    }
  });
});

describe('the carousel', () => {
  // Each test's page (a browser context of its own) has its timers and `performance.now()` on
  // Playwright's clock, so the 5-second turns are not waited out in real time. The clock still
  // flows by itself between steps, as real time would.
  beforeEach(async () => {
    await app.page.clock.install();
  });

  test('turns every 5 seconds by itself', async () => {
    const { page } = app;
    await openHome(page);
    expect(await currentSlide(page)).toBe('1 of 6');
    // Record each turn's time in the page (the clock's time), so the steps do not blur the interval.
    // (Page scripts as strings: this project's Node-side TypeScript has no DOM types.)
    await page.evaluate(`
        window.turns = [];
        new MutationObserver(() => window.turns.push(performance.now())).observe(
          document.querySelector('.porch-carousel-slides'),
          { attributes: true, subtree: true, attributeFilter: ['hidden'] },
        );
      `);
    await runUntilSlide(page, '2 of 6');
    await runUntilSlide(page, '3 of 6');
    const turns = await page.evaluate<number[]>('window.turns');
    // Two attribute changes per turn (one slide hides, the next shows), in the same frame.
    const first = turns[0]!;
    const second = turns.find((t) => t - first > 1_000)!;
    // A timer never fires early; the slack is a step of the clock and the render between turns.
    expect(second - first).toBeGreaterThanOrEqual(SLIDE_INTERVAL_MS);
    expect(second - first).toBeLessThan(SLIDE_INTERVAL_MS + 1_000);
  });

  test('holds still while the pointer is over it or focus is in it, and turns again after', async () => {
    const { page } = app;
    await openHome(page);
    const carousel = page.getByRole('region', { name: /bands on porches/ });

    await carousel.locator('img').first().hover();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 2);
    expect(await currentSlide(page)).toBe('1 of 6');
    await page.mouse.move(0, 0);
    await runUntilSlide(page, '2 of 6');

    await carousel.getByRole('button', { name: 'Slide 1', exact: true }).focus();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 2);
    expect(await currentSlide(page)).toBe('2 of 6');
    await blurFocus(page);
    await runUntilSlide(page, '3 of 6');
  });

  test('previous, next and the slide buttons choose the slide, and it is announced', async () => {
    const { page } = app;
    await openHome(page);
    const carousel = page.getByRole('region', { name: /bands on porches/ });
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel');
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await currentSlide(page)).toBe('2 of 6');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    expect(await currentSlide(page)).toBe('6 of 6');
    await carousel.getByRole('button', { name: 'Slide 4', exact: true }).click();
    expect(await currentSlide(page)).toBe('4 of 6');
    expect(await carousel.getByRole('button', { name: 'Slide 4', exact: true }).getAttribute('aria-current')).toBe(
      'true',
    );
    // Focus is in the carousel, so it is not turning: a change is announced politely.
    expect(await page.locator('.porch-carousel-slides').getAttribute('aria-live')).toBe('polite');
    await carousel.getByRole('button', { name: 'Pause slide show' }).click();
    await carousel.getByRole('button', { name: 'Play slide show' }).waitFor();
  });

  test('follows a mouse or pen swipe beyond 40 px, and not a shorter one', async () => {
    const { page } = app;
    await openHome(page);
    const box = await page.locator('.porch-carousel-viewport').boundingBox();
    if (!box) throw new Error('the carousel has no box');
    const y = box.y + box.height * 0.75;
    const x = box.x + box.width / 2;
    const drag = async (dx: number) => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 3 });
      await page.mouse.move(x + dx, y, { steps: 3 });
      await page.mouse.up();
    };
    // The pointer stays over the carousel, which holds it still: only swipes move it here.
    await drag(-(SWIPE_THRESHOLD_PX - 10));
    expect(await currentSlide(page)).toBe('1 of 6');
    await drag(-(SWIPE_THRESHOLD_PX + 20));
    expect(await currentSlide(page)).toBe('2 of 6');
    await drag(SWIPE_THRESHOLD_PX + 20);
    expect(await currentSlide(page)).toBe('1 of 6');
    await drag(SWIPE_THRESHOLD_PX - 10);
    expect(await currentSlide(page)).toBe('1 of 6');
  });

  test('follows a touch swipe beyond 40 px, and not a shorter one', async () => {
    const browser = app.context.browser();
    if (!browser) throw new Error('no browser');
    // A phone: touch input, and reduced motion so no automatic turn can be mistaken for a swipe.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      reducedMotion: 'reduce',
    });
    try {
      const page = await context.newPage();
      await openHome(page);
      const viewport = page.locator('.porch-carousel-viewport');
      await viewport.scrollIntoViewIfNeeded();
      const box = await viewport.boundingBox();
      if (!box) throw new Error('the carousel has no box');
      const cdp = await context.newCDPSession(page);
      const y = box.y + box.height * 0.75;
      const x = box.x + box.width / 2;
      const swipe = async (dx: number) => {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
        for (const step of [0.25, 0.5, 0.75, 1]) {
          await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx * step, y }] });
        }
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await swipe(-(SWIPE_THRESHOLD_PX - 10));
      expect(await currentSlide(page)).toBe('1 of 6');
      await swipe(-(SWIPE_THRESHOLD_PX + 30));
      await expect.poll(() => currentSlide(page)).toBe('2 of 6');
      await swipe(SWIPE_THRESHOLD_PX + 30);
      await expect.poll(() => currentSlide(page)).toBe('1 of 6');
    } finally {
      await context.close();
    }
  });

  test('does not turn by itself for someone who asks for reduced motion, until they press play', async () => {
    const { page } = app;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    const carousel = page.getByRole('region', { name: /bands on porches/ });
    await carousel.getByRole('button', { name: 'Play slide show' }).waitFor();
    await page.clock.runFor(SLIDE_INTERVAL_MS * 2);
    expect(await currentSlide(page)).toBe('1 of 6');
    expect(await page.locator('.porch-carousel-slides').getAttribute('aria-live')).toBe('polite');

    // Their own choice counts: play starts it (once focus and pointer have left it).
    await carousel.getByRole('button', { name: 'Play slide show' }).click();
    await blurFocus(page);
    await page.mouse.move(0, 0);
    await runUntilSlide(page, '2 of 6');
  });
});

describe('a different edition in festival.config.json', () => {
  // Next year's edition is a change to the configuration only: another name, path, dates,
  // slots, sponsors, committee, links and hashtag, and every page follows.
  const edited: FestivalConfig = {
    ...festival,
    name: 'Stoopfest',
    slug: 'stoopfest',
    year: 2026,
    tagline: 'Songs on the stoops of our street, one Saturday in June.',
    event: { date: '2026-06-13', start: '13:00', end: '18:00' },
    rain_date: { date: '2026-06-20', start: '13:00', end: '18:00' },
    key_dates: [
      { label: 'Sign-up opens', date: '2026-04-01' },
      { label: 'Sign-up closes', date: '2026-05-15' },
      { label: 'Line-up published', date: '2026-05-30' },
      { label: 'Rain call', date: '2026-06-12' },
    ],
    slots: [
      { name: 'Slot 1', start: '13:00', end: '14:00', setup: '12:30' },
      { name: 'Slot 2', start: '14:30', end: '15:30', setup: '14:00' },
      { name: 'Slot 3', start: '16:00', end: '17:00', setup: '15:30' },
      { name: 'Slot 4', start: '17:00', end: '18:00', setup: '16:45' },
    ],
    sponsors: [
      { name: 'Stoop Coffee Roasters', url: 'https://example.org/coffee', logo: '/images/sponsor-bakery.svg' },
      { name: 'Block Party Bikes', url: 'https://example.org/bikes', logo: '/images/sponsor-hardware.svg' },
    ],
    committee: [
      { name: 'Morgan Blake', role: 'Chair' },
      { name: 'Devi Shah', role: 'Sound and stages' },
    ],
    social_links: [{ name: 'Mastodon', url: 'https://social.example.org/@stoopfest' }],
    hashtag: '#Stoopfest2026',
    committee_email: 'hello@stoopfest.example.org',
    carousel: festival.carousel.map((image, i) => ({ ...image, alt: `Stoopfest scene ${i + 1}: ${image.alt}` })),
  };
  let server: RunningServer | undefined;
  let configDir: string | undefined;

  beforeAll(async () => {
    configDir = mkdtempSync(join(tmpdir(), 'porchfest-edition-'));
    const file = join(configDir, 'stoopfest.config.json');
    writeFileSync(file, JSON.stringify(edited, null, 2));
    const before = process.env.FESTIVAL_CONFIG;
    process.env.FESTIVAL_CONFIG = file; // read by the server child process at start
    try {
      server = await startServer('public-edited');
    } finally {
      if (before === undefined) delete process.env.FESTIVAL_CONFIG;
      else process.env.FESTIVAL_CONFIG = before;
    }
  });

  afterAll(async () => {
    await server?.stop();
    if (configDir) rmSync(configDir, { recursive: true, force: true });
  });

  test('every page shows the new edition, written out as the spec writes dates and times', async () => {
    if (!server) throw new Error('the edited server did not start');
    await expectEditionOnEveryPage(app.page, server.baseUrl, {
      config: edited,
      event: 'Saturday, June 13, 2026, 1:00pm to 6:00pm',
      rain: 'Saturday, June 20, 2026, 1:00pm to 6:00pm',
      keyDates: [
        ['Sign-up opens', 'Wednesday, April 1, 2026'],
        ['Sign-up closes', 'Friday, May 15, 2026'],
        ['Line-up published', 'Saturday, May 30, 2026'],
        ['Rain call', 'Friday, June 12, 2026'],
      ],
      slots: [
        ['Slot 1', '1:00pm-2:00pm', '12:30pm'],
        ['Slot 2', '2:30pm-3:30pm', '2:00pm'],
        ['Slot 3', '4:00pm-5:00pm', '3:30pm'],
        ['Slot 4', '5:00pm-6:00pm', '4:45pm'],
      ],
    });
    for (const old of [festival.name, festival.hashtag, festival.committee[0]!.name, festival.sponsors[0]!.name]) {
      expect(await main(app.page).innerText()).not.toContain(old);
    }
    const page = app.page;
    await page.goto(`${server.baseUrl}/faq`);
    await main(page).getByRole('heading', { level: 1 }).waitFor();
    const faq = await main(page).innerText();
    for (const old of [festival.name, festival.hashtag, festival.committee[0]!.name]) expect(faq).not.toContain(old);
    expect(faq).toContain('until the last set ends at 6:00pm');
    expect(faq).toContain('from the first set-up time, 12:30pm');

    // The event page moved with the slug; the old path is no page at all.
    await page.goto(`${server.baseUrl}/${festival.slug}`);
    await main(page).getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  });
});
