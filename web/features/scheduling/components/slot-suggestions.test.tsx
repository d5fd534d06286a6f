import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, saveSlotsScreen } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

/**
 * A porch without electricity on `street` that asks for folk, and two acts for its Slot 4: a quiet
 * folk duo that asked for that street (the best fit of any act in the shared test database:
 * genre, size, rain date, street, no porch yet) and an amplified band the porch cannot power.
 * Each test has its own street, so the names it looks for are its own.
 */
async function porchOn(street: string) {
  const performer = await signUp(['performer'], `Zoe ${street}`);
  const duo = await createAct(performer, {
    name: `The ${street} Duo`,
    type: 'folk',
    sound_system: 'dont_need',
    size: 'one_to_three',
    rain_date_available: true,
    venue_pref: `Anywhere on ${street}, please`,
    preferred_slots: ['Slot 4'],
  });
  const band = await createAct(performer, {
    name: `The ${street} Amplifiers`,
    type: 'rock',
    sound_system: 'bring_own',
    preferred_slots: ['Slot 4'],
  });
  const host = await signUp(['host'], `Hank ${street}`);
  const venue = await createVenue(host, {
    address: `7 ${street}`,
    preferred_act_types: ['folk'],
    size_pref: 'one_to_three',
    provide_electric: 'no',
    rain_date_available: true,
    available_slots: [{ slot_def: 'Slot 1' }],
  });
  saveSession(host);
  return { duo, band, venue };
}

describe('matchmaking in the slots editor', () => {
  test('a slot suggests the best-fitting act with its reasons, and one tap chooses it and turns the slot on', async () => {
    const { duo, venue } = await porchOn('Zither Lane');
    const { user } = renderApp(`/venues/${venue.id}/slots/edit`);

    const slot4 = await screen.findByRole<HTMLElement>('group', { name: /^Slot 4/ });
    const suggested = within(slot4).getByRole('region', { name: 'Suggested for this slot' });
    const first = (await within(suggested).findAllByRole('listitem'))[0]!;
    expect(within(first).getByRole('link', { name: 'The Zither Lane Duo' })).toHaveAttribute('href', `/acts/${duo.id}`);
    expect(first).toHaveTextContent('(Folk)');
    expect(first).toHaveTextContent(
      'Plays folk, which you asked for; fits your porch size; can also play on the rain date; asked to play on Zither Lane; has no porch yet.',
    );
    // The amplified band never fits a porch without electricity.
    expect(within(suggested).queryByText('The Zither Amplifiers')).not.toBeInTheDocument();

    expect(within(slot4).getByRole('checkbox', { name: 'Slot 4 available' })).not.toBeChecked();
    await user.click(within(first).getByRole('button', { name: 'Choose The Zither Lane Duo for Slot 4' }));
    expect(within(slot4).getByRole('checkbox', { name: 'Slot 4 available' })).toBeChecked();
    const select = within(slot4).getByRole('combobox', { name: 'Act for Slot 4' });
    expect(select).toHaveValue(String(duo.id));
    expect(first).toHaveTextContent('Chosen');

    expect(await saveSlotsScreen(user, venue.id)).toEqual([
      ['Slot 1', null],
      ['Slot 4', duo.id],
    ]);
  });

  test('an act chosen in the select that breaks a rule is warned about beside it, and may still be saved', async () => {
    const { band, venue } = await porchOn('Oboe Lane');
    const { user } = renderApp(`/venues/${venue.id}/slots/edit`);

    const slot4 = await screen.findByRole<HTMLElement>('group', { name: /^Slot 4/ });
    await user.click(within(slot4).getByRole('checkbox', { name: 'Slot 4 available' }));
    const select = within(slot4).getByRole('combobox', { name: 'Act for Slot 4' });
    await within(select).findByRole('option', { name: 'The Oboe Lane Amplifiers (Rock)' });
    await user.selectOptions(select, 'The Oboe Lane Amplifiers (Rock)');

    const status = within(slot4).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('This act needs electricity; your porch has none'));
    expect(status).toHaveTextContent('The Oboe Lane Amplifiers does not fit this slot');
    expect(select).toHaveAccessibleDescription(/This act needs electricity; your porch has none/);

    expect(await saveSlotsScreen(user, venue.id)).toContainEqual(['Slot 4', band.id]);
  });

  test('the host looks an act up by name and reads why it is not suggested', async () => {
    const { venue } = await porchOn('Lute Lane');
    const { user } = renderApp(`/venues/${venue.id}/slots/edit`);

    const why = await screen.findByRole('region', { name: 'Why is an act not offered?' });
    await user.selectOptions(within(why).getByRole('combobox', { name: 'Slot' }), 'Slot 4');
    await user.type(within(why).getByRole('searchbox', { name: 'Act name' }), 'Lute Lane Amplifiers');
    await user.click(within(why).getByRole('button', { name: 'Look up' }));

    const status = within(why).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('One act matches “Lute Lane Amplifiers”, for Slot 4:'));
    const item = await within(why).findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'The Lute Lane Amplifiers' })).toBeInTheDocument();
    await within(item).findByText('This act needs electricity; your porch has none');
    expect(item).toHaveTextContent('Not suggested for Slot 4:');

    // In a slot it does not prefer, that is said too.
    await user.selectOptions(within(why).getByRole('combobox', { name: 'Slot' }), 'Slot 1');
    await user.click(within(why).getByRole('button', { name: 'Look up' }));
    await within(why).findByText('Prefers to play at 4:30pm, not 12pm');
  });
});
