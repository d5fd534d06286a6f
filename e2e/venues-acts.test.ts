import Database from 'better-sqlite3';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Venue } from '../contract/venues.js';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('venues-acts');

const { api, signUp, signUpAdmin, signInAs, createVenue, createAct } = e2eActors(app);

// A 1×1 PNG: an image file as a person would insert it into a bio (docs/behaviour.md#validation:
// embedded inline).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const TEXT = {
  noVenuesYet: 'There are no registered venues yet. Please check again later.',
  noActsYet: 'There are no registered acts yet. Please check again later.',
  noVenueMatch: 'There are no venues that match your search criteria.',
  noActMatch: 'There are no acts that match your search criteria.',
};

async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: 15_000 });
}

const group = (page: Page, legend: string) => page.getByRole('group', { name: new RegExp(`^${legend}`) });
const card = (page: Page, kind: 'Venue' | 'Act', name: string) =>
  page.getByRole('article', { name: `${kind}: ${name}`, exact: true });
/** Quill is loaded lazily: the editor's textbox appears once its code has arrived. */
const editor = async (page: Page): Promise<Locator> => {
  const box = page.getByRole('textbox', { name: 'Description', exact: true });
  await box.waitFor();
  return box;
};

/** Picks a filter option and waits for the list call it causes, so no stale list is judged. */
async function choose(page: Page, select: Locator, option: string | { label: string }, list: 'venues' | 'acts') {
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === `/v1/${list}`);
  await select.selectOption(option);
  await answered;
}

async function expectShown(locator: Locator, shown: boolean): Promise<void> {
  await expect.poll(() => locator.count(), { timeout: 15_000 }).toBe(shown ? 1 : 0);
}

describe('venue and act lists on a new festival', () => {
  // Runs first, while the database is empty (one server per file, tests in order).
  test('with nothing registered, both lists say so', async () => {
    const { page } = app;
    await page.goto('/venues');
    await page.getByText(TEXT.noVenuesYet).waitFor();
    await page.getByText('Found 0 results').waitFor();
    await page.goto('/acts');
    await page.getByText(TEXT.noActsYet).waitFor();
  });
});

describe('a host and their venue', () => {
  test('a host creates, finds with filters, edits and deletes a venue', async () => {
    const { page } = app;
    await signInAs(await signUp(['host'], 'Hattie Host'));
    const address = '12 Linden Avenue';

    await page.goto('/venues');
    await page.getByRole('link', { name: 'New Venue' }).click();
    await waitForPath(page, '/venues/new');
    await page.getByRole('heading', { level: 1, name: 'New Venue' }).waitFor();
    await page.getByLabel('Address').fill(address);
    await (await editor(page)).click();
    await page.keyboard.type('Big front porch, shaded after noon.');
    await group(page, 'Preferred genres').getByRole('checkbox', { name: 'Jazz', exact: true }).check();
    await group(page, 'Preferred genres').getByRole('checkbox', { name: 'Folk', exact: true }).check();
    await group(page, 'Preferred act size').getByRole('radio', { name: 'Any size' }).check();
    await group(page, 'Can you provide electricity').getByRole('radio', { name: 'Yes' }).check();
    await group(page, 'Can you provide a sound system').getByRole('radio', { name: 'No' }).check();
    await group(page, 'Are you available on the rain date').getByRole('radio', { name: 'Yes' }).check();
    await group(page, 'Slots you can host')
      .getByRole('checkbox', { name: /^Slot 1/ })
      .check();
    await group(page, 'Slots you can host')
      .getByRole('checkbox', { name: /^Slot 3/ })
      .check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Create Venue' }).click();

    // docs/behaviour.md#states-and-transitions: a create returns to the list, where the new venue
    // is.
    await waitForPath(page, '/venues');
    const venueCard = card(page, 'Venue', address);
    await venueCard.waitFor();
    await page.getByText('Found 1 results').waitFor();
    expect(await venueCard.getByText('Big front porch, shaded after noon.').count()).toBe(1);
    expect(await venueCard.getByRole('listitem').allTextContents()).toEqual([
      'Slot 1 (12pm-1:00pm EDT): Available',
      'Slot 3 (3:00pm-4:00pm EDT): Available',
    ]);

    // Filters, which live in the URL.
    const genre = page.getByRole('combobox', { name: 'Genre' });
    const slot = page.getByRole('combobox', { name: 'Slot availability' });
    await choose(page, genre, 'jazz', 'venues');
    await expectShown(venueCard, true);
    await choose(page, genre, 'hiphop', 'venues');
    await page.getByText(TEXT.noVenueMatch).waitFor();
    await choose(page, genre, { label: 'Any Genre' }, 'venues');
    await choose(page, slot, 'Slot 2', 'venues');
    await expectShown(venueCard, false);
    await choose(page, slot, 'Slot 3', 'venues');
    await expectShown(venueCard, true);
    await page.getByRole('searchbox', { name: 'Search venues' }).fill('linden');
    await page.waitForURL((url) => url.searchParams.get('search') === 'linden');
    expect(new URL(page.url()).searchParams.get('slot')).toBe('Slot 3');
    // A reload (or a shared link) keeps the filtered list.
    await page.reload();
    await venueCard.waitFor();
    expect(await page.getByRole('searchbox', { name: 'Search venues' }).inputValue()).toBe('linden');
    expect(await slot.inputValue()).toBe('Slot 3');
    await expectNoAxeViolations(page);

    // Edit: mode from the path, every field but the slots, saved, back to the list.
    await venueCard.getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Venue' }).waitFor();
    await editor(page);
    expect(await group(page, 'Slots you can host').count()).toBe(0);
    await expectNoAxeViolations(page);
    await page.getByLabel('Address').fill('14 Linden Avenue');
    await page.getByRole('button', { name: 'Save Venue' }).click();
    await waitForPath(page, '/venues');
    const edited = card(page, 'Venue', '14 Linden Avenue');
    await edited.waitFor();

    // Delete from the venue's own page, after confirming; back to the list, and it is gone.
    await edited.getByRole('link', { name: '14 Linden Avenue' }).click();
    await page.getByRole('heading', { level: 1, name: '14 Linden Avenue' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete venue?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await waitForPath(page, '/venues');
    await page.getByText(TEXT.noVenuesYet).waitFor();
  });

  test('a performer sees no Edit, Slots / Schedule or Delete on a host’s venue, but can Contact', async () => {
    const { page } = app;
    const host = await signUp(['host'], 'Otto Owner');
    const venue = await createVenue(host, '3 Birch Road');
    await signInAs(await signUp(['performer'], 'Pat Performer'));

    await page.goto('/venues');
    const listed = card(page, 'Venue', '3 Birch Road');
    await listed.waitFor();
    await page.goto(`/venues/${venue.id}`);
    const own = card(page, 'Venue', '3 Birch Road');
    await own.getByRole('link', { name: 'Contact' }).waitFor();
    for (const c of [listed, own]) {
      expect(await c.getByRole('link', { name: 'Edit' }).count()).toBe(0);
      expect(await c.getByRole('link', { name: 'Slots / Schedule' }).count()).toBe(0);
      expect(await c.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    }
    // Typing the edit address directly gets the spec's refusal, not the form.
    await page.goto(`/venues/${venue.id}/edit`);
    await page.getByText('You are not allowed to perform this action.').waitFor();
    expect(await page.getByLabel('Address').count()).toBe(0);
  });
});

describe('a performer and their act', () => {
  test('a performer creates an act with a formatted bio and an inline image, found with the filters', async () => {
    const { page } = app;
    await signInAs(await signUp(['performer'], 'Frida Fiddle'));
    const name = 'The Linden Fiddlers';

    await page.goto('/acts/new');
    await page.getByRole('heading', { level: 1, name: 'New Act' }).waitFor();
    // docs/behaviour.md#entities: a new act starts as americana.
    expect(await page.getByRole('combobox', { name: 'Genre' }).inputValue()).toBe('americana');
    await page.getByLabel('Act name').fill(name);
    await (await editor(page)).click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Loud');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and quiet tunes.');
    await page.keyboard.press('Enter');
    // The toolbar's image button opens a file picker; the picture is embedded inline.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Image' }).click();
    await (await chooser).setFiles({ name: 'fiddle.png', mimeType: 'image/png', buffer: PNG });
    await page.locator('.ql-editor img[src^="data:image/png"]').waitFor();
    await expectNoAxeViolations(page);

    await page.getByRole('combobox', { name: 'Genre' }).selectOption('jazz');
    await group(page, 'Act size').getByRole('radio', { name: '4+ persons' }).check();
    await group(page, 'Preferred slots')
      .getByRole('checkbox', { name: /^Slot 2/ })
      .check();
    await group(page, 'Preferred slots')
      .getByRole('checkbox', { name: /^Slot 4/ })
      .check();
    await page.getByLabel('Venue preference (optional)').fill('Anywhere near Linden Avenue');
    await group(page, 'Sound system').getByRole('radio', { name: 'I will bring my own', exact: true }).check();
    await group(page, 'Are you available on the rain date').getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Create Act' }).click();

    await waitForPath(page, '/acts');
    let actCard = card(page, 'Act', name);
    await actCard.waitFor();
    // The list's card shows the bio's first lines as plain text; the act's page shows it whole.
    expect(await actCard.textContent()).toContain('Loud');
    await actCard.getByRole('link', { name }).first().click();
    await page.waitForURL(/\/acts\/\d+$/);
    const detail = page.locator('article').first();
    await detail.locator('.rich-text strong').first().waitFor();
    expect(await detail.locator('.rich-text strong').first().textContent()).toBe('Loud');
    // The image was moved into the server's media and is served from there.
    const image = detail.locator('.rich-text img').first();
    expect(await image.getAttribute('src')).toMatch(/^\/v1\/media\/[0-9a-f]{64}$/);
    await expect.poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(1);
    await page.goto('/acts');
    actCard = card(page, 'Act', name);
    await actCard.waitFor();
    expect(await actCard.getByText('Looking for a host').count()).toBe(1);
    expect(await actCard.getByText('Preferred slots').locator('xpath=following-sibling::dd[1]').textContent()).toBe(
      '2, 4',
    );

    const genre = page.getByRole('combobox', { name: 'Genre' });
    const slot = page.getByRole('combobox', { name: 'Preferred slot' });
    const status = page.getByRole('combobox', { name: 'Status' });
    await choose(page, genre, 'jazz', 'acts');
    await expectShown(actCard, true);
    await choose(page, slot, 'Slot 1', 'acts');
    await expectShown(actCard, false);
    await choose(page, slot, 'Slot 4', 'acts');
    await expectShown(actCard, true);
    await status.selectOption('looking');
    await expectShown(actCard, true);
    await status.selectOption('scheduled');
    await page.getByText(TEXT.noActMatch).waitFor();
    await status.selectOption({ label: 'Any Status' });
    await page.waitForURL((url) => url.searchParams.get('slot') === 'Slot 4' && !url.searchParams.has('status'));
    await actCard.waitFor();
    await expectNoAxeViolations(page);

    await actCard.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectNoAxeViolations(page);
  });
});

describe('hostile rich text', () => {
  const HOSTILE =
    '<p>Hello porch</p><img src=x onerror="window.__xss=1"><a href="javascript:window.__xss=2">click me</a>' +
    '<svg onload="window.__xss=3"></svg><script>window.__xss=4</script>' +
    '<a href="&#106;avascript:window.__xss=5">encoded</a><iframe src="javascript:window.__xss=6"></iframe>' +
    '<p style="background:url(javascript:window.__xss=7)">styled</p>';

  /** Loads a screen, waits for the bio, clicks its links, and finds that nothing ran. */
  async function expectNoScript(page: Page, path: string, dialogs: string[]): Promise<void> {
    await page.goto(path);
    await page.getByText('Hello porch').first().waitFor();
    for (const link of await page.locator('.rich-text a').all())
      await link.click({ noWaitAfter: true }).catch(() => {});
    expect(await page.evaluate('window.__xss')).toBeUndefined();
    expect(
      await page.locator('.rich-text script, .rich-text svg, .rich-text iframe, .rich-text [onerror]').count(),
    ).toBe(0);
    expect(dialogs).toEqual([]);
  }

  test('a hostile bio sent through the API runs no script on the list, detail and profile screens', async () => {
    const { page } = app;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const person = await signUp(['host', 'performer'], 'Mallory Markup');
    const venue = await createVenue(person, '66 Hostile Way', { bio: HOSTILE });
    const act = await createAct(person, 'The Injectors', { bio: HOSTILE });
    expect(venue.bio).not.toMatch(/script|onerror|onload|<svg|<iframe/i);
    await signInAs(await signUpAdmin('Ada Admin'));

    await expectNoScript(page, '/venues?search=hostile', dialogs);
    await expectNoScript(page, `/venues/${venue.id}`, dialogs);
    await expectNoScript(page, '/acts?search=injectors', dialogs);
    await expectNoScript(page, `/acts/${act.id}`, dialogs);
    await expectNoScript(page, `/profile/${encodeURIComponent(person.email)}`, dialogs);
    await page.getByRole('heading', { level: 1, name: 'Mallory Markup' }).waitFor();
  });

  test('a hostile bio that reaches the database some other way is still cleaned in the browser', async () => {
    const { page } = app;
    const host = await signUp(['host'], 'Rowan Rawwrite');
    const venue = await createVenue(host, '9 Bypass Street');
    // Written straight into the table, past the server's sanitizer: only DOMPurify stands in the way.
    const db = new Database(app.databasePath);
    try {
      db.prepare('UPDATE venues SET bio = ? WHERE id = ?').run(HOSTILE, venue.id);
    } finally {
      db.close();
    }
    const stored = await api<Venue>(`/v1/venues/${venue.id}`);
    expect(stored.bio).toContain('onerror');

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await expectNoScript(page, `/venues/${venue.id}`, dialogs);
    await expectNoScript(page, '/venues?search=bypass', dialogs);
  });
});
