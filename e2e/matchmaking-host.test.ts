import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { SessionUser } from '../contract/auth.js';
import { expectNoAxeViolations } from './support/axe.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

const app = useE2eApp('matchmaking-host');
const { signUp, signInAs, createVenue, createAct, saveSlots } = e2eActors(app);

/** A quiet act (no sound system) of its own performer, so no two acts share a performer's rules. */
async function actOf(name: string, extra: Record<string, unknown>) {
  const performer = await signUp(['performer'], `${name} Performer`);
  return createAct(performer, name, { sound_system: 'dont_need', size: 'one_to_three', ...extra });
}

/** A porch of its own host (electricity, any size, no pin), offering `slots`. */
async function otherPorch(address: string, slots: string[]) {
  const host = await signUp(['host'], `${address} Host`);
  const venue = await createVenue(host, address, {
    available_slots: slots.map((slot_def) => ({ slot_def })),
  });
  return { host, venue };
}

/** A slot's fieldset in the editor, found by its legend ("Slot 2 (1:30pm-2:30pm EDT)"). */
const slotGroup = (page: Page, slot: string): Locator => page.getByRole('group', { name: new RegExp(`^${slot} `) });

/** The names of a slot's suggestions, in the order shown. */
async function suggestedNames(page: Page, slot: string): Promise<string[]> {
  const list = slotGroup(page, slot).getByRole('region', { name: 'Suggested for this slot' }).getByRole('listitem');
  return (await list.getByRole('link').allInnerTexts()).map((t) => t.trim());
}

const suggestion = (page: Page, slot: string, act: string): Locator =>
  slotGroup(page, slot)
    .getByRole('region', { name: 'Suggested for this slot' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: act, exact: true }) });

describe('matchmaking for a host in the slots editor', () => {
  test('a host reads ranked suggestions with reasons, asks why an act is missing, chooses a suggestion in one tap and saves it', async () => {
    const { page } = app;

    // The festival, built so the ranking is known by hand (weights of festival.config.json's
    // defaults: genre 3, size 1, rain date 1, no porch yet 1). The host's porch asks for folk and
    // bluegrass, is for 1-3 persons, has no electricity, and offers Slots 1 and 2.
    const host: SessionUser = await signUp(['host'], 'Wendy Willow');
    const venue = await createVenue(host, '8 Willow Way', {
      preferred_act_types: ['folk', 'bluegrass'],
      size_pref: 'one_to_three',
      provide_electric: 'no',
      provide_sound_system: 'no',
      rain_date_available: true,
      available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
    });
    const elm = await otherPorch('12 Elm Street', ['Slot 2']);
    const cedar = await otherPorch('52 Cedar Road', ['Slot 3']);

    // 3 + 1 + 1 + 1 = 6: the best fit.
    const fern = await actOf('Fern and Fiddle', {
      type: 'folk',
      rain_date_available: true,
      preferred_slots: ['Slot 2'],
    });
    // 3 + 1 + 1 = 5: no rain date.
    await actOf('The Quiet Creek', { type: 'bluegrass', rain_date_available: false, preferred_slots: ['Slot 2'] });
    // 3 + 1 + 1 = 5, already playing at 3:00pm elsewhere: after the Quiet Creek (fewer sets first).
    const cedarStrings = await actOf('Cedar Strings', {
      type: 'folk',
      rain_date_available: true,
      preferred_slots: ['Slot 2', 'Slot 3'],
    });
    await saveSlots(cedar.host, cedar.venue, [{ slot_def: 'Slot 3', scheduled_act_id: cedarStrings.id }]);
    // Amplified: this porch has no electricity, so never suggested, though the select offers it.
    await actOf('Volt Riders', {
      type: 'rock',
      sound_system: 'bring_own',
      rain_date_available: true,
      preferred_slots: ['Slot 2'],
    });
    // Already playing 1:30pm at 12 Elm Street: neither suggested nor offered for Slot 2.
    const ramblers = await actOf('Elm Street Ramblers', {
      type: 'folk',
      rain_date_available: true,
      preferred_slots: ['Slot 2'],
    });
    await saveSlots(elm.host, elm.venue, [{ slot_def: 'Slot 2', scheduled_act_id: ramblers.id }]);
    // The only act for Slot 4, which the porch does not offer yet.
    const dawn = await actOf('Dawn Chorus', { type: 'folk', rain_date_available: true, preferred_slots: ['Slot 4'] });

    await signInAs(host);
    await page.goto(`/venues/${venue.id}/slots/edit`);
    await page.getByRole('heading', { level: 1, name: 'Slots and schedule' }).waitFor();

    // Ranked suggestions with their reasons and warnings.
    await suggestion(page, 'Slot 2', 'Fern and Fiddle').waitFor();
    await expect
      .poll(() => suggestedNames(page, 'Slot 2'))
      .toEqual(['Fern and Fiddle', 'The Quiet Creek', 'Cedar Strings']);
    expect(await suggestion(page, 'Slot 2', 'Fern and Fiddle').innerText()).toContain(
      'Plays folk, which you asked for; fits your porch size; can also play on the rain date; has no porch yet.',
    );
    expect(await suggestion(page, 'Slot 2', 'Fern and Fiddle').innerText()).toContain('(Folk)');
    expect(await suggestion(page, 'Slot 2', 'The Quiet Creek').innerText()).toContain(
      'Plays bluegrass, which you asked for; fits your porch size; has no porch yet.',
    );
    expect(await suggestion(page, 'Slot 2', 'The Quiet Creek').innerText()).toContain(
      'The act cannot play on the rain date.',
    );
    const cedarText = await suggestion(page, 'Slot 2', 'Cedar Strings').innerText();
    expect(cedarText).toContain(
      'Plays folk, which you asked for; fits your porch size; can also play on the rain date.',
    );
    expect(cedarText).toContain('Also plays at 3:00pm at 52 Cedar Road.');
    expect(
      await suggestion(page, 'Slot 2', 'Fern and Fiddle')
        .getByRole('link', { name: 'Fern and Fiddle' })
        .getAttribute('href'),
    ).toBe(`/acts/${fern.id}`);
    await suggestion(page, 'Slot 4', 'Dawn Chorus').waitFor();
    await slotGroup(page, 'Slot 3').getByText('No act fits this slot yet.').waitFor();
    await expectNoAxeViolations(page);

    // Why is an act not offered? One already playing at that time elsewhere, one the porch cannot power.
    const why = page.getByRole('region', { name: 'Why is an act not offered?' });
    await why.getByLabel('Slot', { exact: true }).selectOption('Slot 2');
    await why.getByLabel('Act name').fill('Elm Street Ramblers');
    await why.getByRole('button', { name: 'Look up' }).click();
    await why.getByText('One act matches “Elm Street Ramblers”, for Slot 2:').waitFor();
    const rambling = why.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Elm Street Ramblers' }) });
    await rambling.getByText('Plays at 1:30pm at 12 Elm Street').waitFor();
    expect(await rambling.innerText()).toContain('Not suggested for Slot 2:');

    await why.getByLabel('Act name').fill('Volt Riders');
    await why.getByRole('button', { name: 'Look up' }).click();
    const volt = why.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Volt Riders' }) });
    await volt.getByText('This act needs electricity; your porch has none').waitFor();

    // And one that fits: it says so, and why.
    await why.getByLabel('Act name').fill('Fern');
    await why.getByRole('button', { name: 'Look up' }).click();
    await why
      .getByText(
        'Fits Slot 2: Plays folk, which you asked for; fits your porch size; can also play on the rain date; has no porch yet.',
      )
      .waitFor();
    await expectNoAxeViolations(page);

    // Choosing the amplified act in the select: the rule it breaks shows beside it, before saving.
    const slot2 = slotGroup(page, 'Slot 2');
    await slot2.getByLabel('Act for Slot 2').selectOption({ label: 'Volt Riders (Rock)' });
    const fit = slot2.getByRole('status');
    await fit.getByText('This act needs electricity; your porch has none').waitFor();
    expect(await fit.innerText()).toContain('Volt Riders does not fit this slot');
    await expectNoAxeViolations(page);

    // One tap instead: the suggestion takes the select, and the warning goes.
    await slot2.getByRole('button', { name: 'Choose Fern and Fiddle for Slot 2' }).click();
    expect(await slot2.getByLabel('Act for Slot 2').inputValue()).toBe(String(fern.id));
    await expect.poll(() => fit.innerText()).toBe('');
    // One tap also turns a slot on.
    const slot4 = slotGroup(page, 'Slot 4');
    expect(await slot4.getByLabel('Slot 4 available').isChecked()).toBe(false);
    await slot4.getByRole('button', { name: 'Choose Dawn Chorus for Slot 4' }).click();
    expect(await slot4.getByLabel('Slot 4 available').isChecked()).toBe(true);
    expect(await slot4.getByLabel('Act for Slot 4').inputValue()).toBe(String(dawn.id));
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The slots and schedule are saved.').waitFor();

    // The venue shows both.
    await page.goto(`/venues/${venue.id}`);
    const slots = page.locator('.venue-slots');
    await slots.getByRole('link', { name: 'Fern and Fiddle' }).waitFor();
    const lines = (await slots.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
    expect(lines).toEqual([
      'Slot 1 (12pm-1:00pm EDT): Available',
      'Slot 2 (1:30pm-2:30pm EDT): Scheduled to host Fern and Fiddle',
      'Slot 4 (4:30pm-5:30pm EDT): Scheduled to host Dawn Chorus',
    ]);
    expect(await slots.getByRole('link', { name: 'Dawn Chorus' }).getAttribute('href')).toBe(`/acts/${dawn.id}`);
  });
});
