import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SessionUser } from '../contract/auth.js';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('scheduling');

const { api, signUp, signInAs, ...actors } = e2eActors(app);
const SLOT_2_TITLE = '1:30pm-2:30pm';
const SAVED = 'The slots and schedule are saved.';

const createVenue = (host: SessionUser, address: string, slots: string[]) =>
  actors.createVenue(host, address, {
    bio: '<p>A wide porch under an oak.</p>',
    preferred_act_types: ['bluegrass'],
    available_slots: slots.map((slot_def) => ({ slot_def })),
  });

const createAct = (performer: SessionUser, name: string, bio = '<p>Three voices and a banjo.</p>') =>
  actors.createAct(performer, name, { bio, preferred_slots: ['Slot 2'] });

/** The slots editor, once its four slots and their choices are on screen. */
async function openSlotsEditor(page: Page, venueId: number): Promise<void> {
  await page.goto(`/venues/${venueId}/slots/edit`);
  await page.getByRole('heading', { level: 1, name: 'Slots and schedule' }).waitFor();
  await page.getByLabel('Slot 4 available').waitFor();
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** The schedule table's cell for a venue's row and a column title, as a sighted reader finds it. */
async function scheduleCell(page: Page, address: string, columnTitle: string): Promise<Locator> {
  const table = page.locator('table.schedule-table');
  await table.waitFor();
  const titles = (await table.locator('thead th').allInnerTexts()).map((t) => t.trim());
  const column = titles.indexOf(columnTitle);
  expect(column, `column titled ${columnTitle} among ${titles.join(' | ')}`).toBeGreaterThan(0);
  const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: address }) });
  return row.locator('th, td').nth(column);
}

describe('scheduling an act into a venue’s slot', () => {
  test('a host schedules a performer’s act: the schedule, the act card and the performer’s mail show it, and unscheduling reverses all three', async () => {
    const { page } = app;
    const performer = await signUp(['performer'], 'Penny Porchlight');
    const act = await createAct(
      performer,
      'The Porch Lights',
      '<p>Close <strong>harmony</strong>.</p><p>Banjo and fiddle.</p>',
    );
    const host = await signUp(['host'], 'Harold Host');
    const venue = await createVenue(host, '21 Lantern Lane', ['Slot 1']);
    await signInAs(host);

    // The editor: Slot 2 switched on, the act chosen from the unmatched acts.
    await openSlotsEditor(page, venue.id);
    await expectNoAxeViolations(page);
    await page.getByLabel('Slot 2 available').check();
    await page.getByLabel('Act for Slot 2').selectOption({ label: 'The Porch Lights (Bluegrass)' });
    await save(page);
    await page.getByText(SAVED).waitFor();

    // The schedule: the act in the 1:30pm-2:30pm column of the venue's row, linked, with its genre.
    await page.goto('/schedule');
    const cell = await scheduleCell(page, '21 Lantern Lane', SLOT_2_TITLE);
    await cell.getByRole('link', { name: 'The Porch Lights' }).waitFor();
    expect(await cell.getByRole('link', { name: 'The Porch Lights' }).getAttribute('href')).toBe(`/acts/${act.id}`);
    expect(await cell.innerText()).toContain('Close harmony.\nBanjo and fiddle.');
    expect(await cell.innerText()).toContain('Bluegrass');
    expect(await (await scheduleCell(page, '21 Lantern Lane', '12pm-1:00pm')).innerText()).toBe('');
    expect(await page.getByRole('link', { name: '21 Lantern Lane' }).first().getAttribute('href')).toBe(
      venue.address_url,
    );
    await expectNoAxeViolations(page);

    // The act card.
    await page.goto(`/acts/${act.id}`);
    await page.getByText('Scheduled to play', { exact: true }).waitFor();
    await page.getByRole('link', { name: '21 Lantern Lane' }).waitFor();

    // The performer's e-mail, through the outbox to the SMTP server.
    const scheduledMail = await app.smtp.waitFor(
      (m) => m.envelopeTo.includes(performer.email) && m.subject.includes('is scheduled'),
      15_000,
    );
    expect(scheduledMail.subject).toBe('Porchfest: "The Porch Lights" is scheduled to play at 21 Lantern Lane');
    expect(scheduledMail.text).toContain('Slot 2, 1:30pm-2:30pm EDT on Saturday, June 14, 2025');

    // Unscheduling: '--' and save.
    await openSlotsEditor(page, venue.id);
    await page.getByLabel('Act for Slot 2').selectOption({ label: '--' });
    await save(page);
    await page.getByText(SAVED).waitFor();

    await page.goto('/schedule');
    await page.getByRole('heading', { level: 1, name: 'Schedule' }).waitFor();
    await page
      .getByText('The schedule has not been published yet.')
      .or(page.locator('table.schedule-table'))
      .first()
      .waitFor();
    expect(await page.getByRole('link', { name: 'The Porch Lights' }).count()).toBe(0);

    await page.goto(`/acts/${act.id}`);
    await page.getByText('Looking for a host', { exact: true }).waitFor();
    expect(await page.getByText('Scheduled to play', { exact: true }).count()).toBe(0);

    const unscheduledMail = await app.smtp.waitFor(
      (m) => m.envelopeTo.includes(performer.email) && m.subject.includes('no longer'),
      15_000,
    );
    expect(unscheduledMail.subject).toBe('Porchfest: "The Porch Lights" is no longer scheduled at 21 Lantern Lane');
  });

  test('the editor requires a slot, shows the server’s conflict, and is only for the venue’s owner', async () => {
    const { page } = app;
    const performer = await signUp(['performer'], 'Dot Doublebooked');
    const act = await createAct(performer, 'The Wanted Band');
    const host = await signUp(['host'], 'Hilda Host');
    const rival = await signUp(['host'], 'Rita Rival');
    const venue = await createVenue(host, '3 Quarrel Court', ['Slot 2']);
    const rivalVenue = await createVenue(rival, '4 Quarrel Court', ['Slot 2']);
    await signInAs(host);

    await openSlotsEditor(page, venue.id);
    await page.getByLabel('Slot 2 available').uncheck();
    await save(page);
    await page.getByRole('alert').filter({ hasText: 'At least one slot is required' }).waitFor();
    await expectNoAxeViolations(page);

    // The act is offered here, but another host takes Slot 2 for it before this host saves.
    await page.getByLabel('Slot 2 available').check();
    await page.getByLabel('Act for Slot 2').selectOption({ label: 'The Wanted Band (Bluegrass)' });
    await api(`/v1/venues/${rivalVenue.id}`, {
      method: 'PATCH',
      token: rival.jwt_token,
      body: { available_slots: [{ slot_def: 'Slot 2', scheduled_act_id: act.id }] },
    });
    await save(page);
    await page
      .getByRole('alert')
      .filter({
        hasText: '"The Wanted Band" is already scheduled to play Slot 2 (1:30pm-2:30pm EDT) at 4 Quarrel Court.',
      })
      .waitFor();
    // The choices are reloaded: the act is no longer offered for Slot 2 here.
    await expect
      .poll(async () => page.getByLabel('Act for Slot 2').locator('option', { hasText: 'The Wanted Band' }).count(), {
        timeout: 10_000,
      })
      .toBe(0);

    // Someone else's venue: the editor is not theirs.
    await page.goto(`/venues/${rivalVenue.id}/slots/edit`);
    await page.getByText('You are not allowed to perform this action.').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
  });
});

describe('the schedule page', () => {
  test('on a phone the schedule is by time and nothing scrolls sideways; on paper the table prints without the navigation', async () => {
    const { page } = app;
    const performer = await signUp(['performer'], 'Phoebe Phone');
    const act = await createAct(performer, 'A-Band-With-A-Very-Long-Unbreakable-Name-That-Must-Wrap-Somewhere');
    const host = await signUp(['host'], 'Hector Handheld');
    const venue = await createVenue(host, '99 Narrow Street', ['Slot 3']);
    await api(`/v1/venues/${venue.id}`, {
      method: 'PATCH',
      token: host.jwt_token,
      body: { available_slots: [{ slot_def: 'Slot 3', scheduled_act_id: act.id }] },
    });

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/schedule');
    await page.getByRole('tab', { name: /3:00pm-4:00pm EDT/ }).click();
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('link', { name: '99 Narrow Street' }).waitFor();
    expect(await panel.getByRole('heading', { level: 2 }).innerText()).toContain('Slot 3: 3:00pm-4:00pm EDT');
    expect(await page.locator('table.schedule-table').isVisible()).toBe(false);
    const widths = await page.evaluate('[document.documentElement.scrollWidth, document.documentElement.clientWidth]');
    const [scrollWidth, clientWidth] = widths as [number, number];
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectNoAxeViolations(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: 'print' });
    // The page changes layout when the media change reaches it (a re-render), not in this call.
    await expect.poll(() => page.locator('table.schedule-table').isVisible()).toBe(true);
    expect(await page.locator('header nav').first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
  });
});
