import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ScheduleResponse } from '../contract/schedule.js';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('draft-schedule');
const { api, signUp, signUpAdmin, openAs, createVenue, createAct, saveSlots } = e2eActors(app);

/** An act of its own performer, so no two acts share a performer's rules; quiet unless `extra` says. */
async function actOf(name: string, extra: Record<string, unknown>) {
  const performer = await signUp(['performer'], `${name} Performer`);
  return createAct(performer, name, { sound_system: 'dont_need', size: 'one_to_three', ...extra });
}

/** A porch of its own host (no pin, any size), offering `slots`. */
async function porch(address: string, slots: string[], extra: Record<string, unknown> = {}) {
  const host = await signUp(['host'], `${address} Host`);
  const venue = await createVenue(host, address, {
    available_slots: slots.map((slot_def) => ({ slot_def })),
    ...extra,
  });
  return { host, venue };
}

/** One list of the review, found by its heading ("New sets (2)"). */
const group = (page: Page, title: string): Locator =>
  page.getByRole('region', { name: 'Draft schedule' }).getByRole('region', { name: new RegExp(`^${title} \\(`) });

/** The row of a review list that names `act`. */
const rowOf = (list: Locator, act: string): Locator =>
  list.getByRole('row').filter({ has: list.page().getByRole('link', { name: act, exact: true }) });

describe("the committee's draft schedule in Chromium", () => {
  test('the committee drafts, reviews the changes with their reasons, applies two of them and sees them on the public schedule', async () => {
    const { page } = app;
    // A festival painted into a corner, worked out by hand: the Flexible Fiddles (noon or 1:30pm)
    // took 10 Noon Street's noon slot, so the Noon Chimes (noon only) have no porch. Re-planned:
    // the Chimes at noon there, the Fiddles moved to its 1:30pm slot (folk, as the porch asks),
    // the Spare Strings (bluegrass, 1:30pm) to 20 Later Lane, which asks for bluegrass. The Volt
    // Riders need electricity, and the only porch at their time has none.
    const noonStreet = await porch('10 Noon Street', ['Slot 1', 'Slot 2']);
    await porch('20 Later Lane', ['Slot 2'], { preferred_act_types: ['bluegrass'] });
    await porch('30 Candle Court', ['Slot 3'], { provide_electric: 'no' });
    await actOf('Noon Chimes', { type: 'folk', preferred_slots: ['Slot 1'] });
    const fiddles = await actOf('Flexible Fiddles', { type: 'folk', preferred_slots: ['Slot 1', 'Slot 2'] });
    await actOf('Spare Strings', { type: 'bluegrass', preferred_slots: ['Slot 2'] });
    await actOf('Volt Riders', { type: 'rock', sound_system: 'bring_own', preferred_slots: ['Slot 3'] });
    await saveSlots(noonStreet.host, noonStreet.venue, [
      { slot_def: 'Slot 1', scheduled_act_id: fiddles.id },
      { slot_def: 'Slot 2' },
    ]);
    const admin = await signUpAdmin('Cora Committee');

    await openAs(page, admin, '/admin');
    const panel = page.getByRole('region', { name: 'Draft schedule' });
    await panel.getByRole('heading', { level: 2, name: 'Draft schedule' }).waitFor();
    await panel.getByText('a restart forgets them').waitFor();

    // Keeping every current set, the Noon Chimes stay without a porch, and the draft says why.
    await panel.getByLabel('Keep every current set and fill around them').check();
    await panel.getByRole('button', { name: 'Draft', exact: true }).click();
    await panel
      .getByRole('heading', { level: 3, name: /^Draft 1: the festival day, keep every current set/ })
      .waitFor();
    const stuck = rowOf(group(page, 'Acts still without a porch'), 'Noon Chimes');
    expect(await stuck.innerText()).toContain('went to another act');
    const volt = await rowOf(group(page, 'Acts still without a porch'), 'Volt Riders').innerText();
    expect(volt).toMatch(/electricity/i);

    // Re-planned, moving as few as possible.
    await panel.getByLabel('Re-plan everything, moving as few sets as possible').check();
    await panel.getByRole('button', { name: 'Draft', exact: true }).click();
    await panel
      .getByRole('status')
      .filter({ hasText: /^(Solving… up to \d+ seconds\.|Draft 2 is ready)/ })
      .waitFor();
    const heading = panel.getByRole('heading', { level: 3, name: /^Draft 2: the festival day, re-plan everything/ });
    await heading.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent ?? ""')).toMatch(/^Draft 2:/);
    await panel.getByRole('status').filter({ hasText: 'Draft 2 is ready: 4 changes to review.' }).waitFor();
    await panel.getByText(/^Proven the best schedule the rules allow\. Solved in [\d.]+ s\.$/).waitFor();

    // Before and after: one act placed now, three in the draft; one porch used now, two after.
    const figures = panel.getByRole('table', { name: 'The schedule now and after the draft' });
    const figure = async (name: string) =>
      (
        await figures
          .getByRole('row', { name: new RegExp(`^${name}`) })
          .getByRole('cell')
          .allInnerTexts()
      ).map((t) => t.trim());
    expect(await figure('Acts placed')).toEqual(['1', '3']);
    expect(await figure('Porches used')).toEqual(['1', '2']);
    expect(await figure('Sets breaking a hard rule')).toEqual(['0', '0']);

    // The changes, each with its reasons.
    const added = group(page, 'New sets');
    const chimesRow = await rowOf(added, 'Noon Chimes').innerText();
    expect(chimesRow).toContain('10 Noon Street');
    expect(chimesRow).toContain('12pm-1:00pm EDT');
    expect(chimesRow).toMatch(/Score \d+:/);
    expect(chimesRow).toContain('Plays folk, which the porch asked for');
    const spareRow = await rowOf(added, 'Spare Strings').innerText();
    expect(spareRow).toContain('20 Later Lane');
    expect(spareRow).toContain('Plays bluegrass, which the porch asked for');
    const moved = await rowOf(group(page, 'Moved sets'), 'Flexible Fiddles').innerText();
    expect(moved).toContain('Now at Slot 1, 10 Noon Street.');
    expect(moved).toContain('1:30pm-2:30pm EDT');
    const removed = await rowOf(group(page, 'Sets removed or unable to happen'), 'Flexible Fiddles').innerText();
    expect(removed).toContain('Moves to 1:30pm at 10 Noon Street');
    expect(removed).toContain('The slot goes to Noon Chimes');
    await rowOf(group(page, 'Acts still without a porch'), 'Volt Riders').waitFor();
    await expectNoAxeViolations(page);

    // Two ticked: the Chimes at noon (which takes the Fiddles' old set off that slot) and the
    // Fiddles' move; the Spare Strings are left out.
    await panel.getByLabel('Add Noon Chimes at 10 Noon Street, Slot 1').check();
    await panel.getByLabel('Move Flexible Fiddles to 10 Noon Street, Slot 2').check();
    expect(await panel.getByLabel('Remove Flexible Fiddles from 10 Noon Street, Slot 1').isChecked()).toBe(true);
    expect(await panel.getByLabel('Add Spare Strings at 20 Later Lane, Slot 2').isChecked()).toBe(false);
    await panel.getByRole('button', { name: 'Apply selected (3)' }).click();
    const done = panel.getByRole('status').filter({ hasText: /^Applied 3 changes\./ });
    await done.waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent ?? ""')).toMatch(/^Applied 3 changes\./);
    expect(await done.innerText()).toMatch(/\d+ notices? to hosts and performers queued\./);
    await expect.poll(() => rowOf(group(page, 'New sets'), 'Noon Chimes').getByText('Applied').count()).toBe(1);
    expect(await panel.getByLabel('Add Spare Strings at 20 Later Lane, Slot 2').isChecked()).toBe(false);
    await panel.getByRole('button', { name: 'Apply the rest (1)' }).waitFor();
    await expectNoAxeViolations(page);

    // The public schedule, as a visitor reads it: the two sets, and not the one left out.
    const schedule = await api<ScheduleResponse>('/v1/schedule');
    const row = schedule.data.find((r) => r.id === noonStreet.venue.id);
    expect(row?.slot_1?.act_name).toBe('Noon Chimes');
    expect(row?.slot_2?.act_name).toBe('Flexible Fiddles');
    expect(schedule.data.flatMap((r) => [r.slot_1, r.slot_2, r.slot_3, r.slot_4]).filter(Boolean)).toHaveLength(2);

    await openAs(page, null, '/schedule');
    const table = page.locator('table.schedule-table');
    await table.waitFor();
    const noon = table.getByRole('row').filter({ has: page.getByRole('link', { name: '10 Noon Street' }) });
    await noon.getByRole('link', { name: 'Noon Chimes' }).waitFor();
    await noon.getByRole('link', { name: 'Flexible Fiddles' }).waitFor();
    expect(await page.getByRole('link', { name: 'Spare Strings' }).count()).toBe(0);
  });
});
