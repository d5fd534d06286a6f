import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { VenueMessages } from '../../../../contract/venues';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, saveSlotsScreen, venueNow } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

describe('/venues/{id}/slots/edit', () => {
  test('the owner turns a slot on, picks an act from the free ones, and saves', async () => {
    const performer = await signUp(['performer'], 'Paula Picked');
    const act = await createAct(performer, {
      name: 'The Picked Pickers',
      type: 'bluegrass',
      preferred_slots: ['Slot 3'],
    });
    const host = await signUp(['host'], 'Hugo Host');
    const venue = await createVenue(host, { available_slots: [{ slot_def: 'Slot 1' }] });
    saveSession(host);
    const { user } = renderApp(`/venues/${venue.id}/slots/edit`);

    await screen.findByRole('heading', { level: 1, name: 'Slots and schedule' });
    expect(screen.getByRole('checkbox', { name: 'Slot 1 available' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Slot 3 available' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Act for Slot 3' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: 'Slot 3 available' }));
    const select = screen.getByRole('combobox', { name: 'Act for Slot 3' });
    // The act prefers Slot 3, so it is listed in that group.
    const group = await within(select).findByRole('group', { name: 'Prefer Slot 3' });
    expect(within(group).getByRole('option', { name: 'The Picked Pickers (Bluegrass)' })).toBeInTheDocument();
    await user.selectOptions(select, 'The Picked Pickers (Bluegrass)');

    expect(await saveSlotsScreen(user, venue.id)).toEqual([
      ['Slot 1', null],
      ['Slot 3', act.id],
    ]);
  });

  test('with every slot off it says a slot is required and sends nothing', async () => {
    const host = await signUp(['host'], 'Nora Noslot');
    const venue = await createVenue(host, { available_slots: [{ slot_def: 'Slot 2' }] });
    saveSession(host);
    const { user } = renderApp(`/venues/${venue.id}/slots/edit`);

    await user.click(await screen.findByRole('checkbox', { name: 'Slot 2 available' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VenueMessages.slotRequired);
    expect((await venueNow(venue.id)).available_slots.map((s) => s.slot_def)).toEqual(['Slot 2']);
  });

  test('anyone but the owner is told they may not use it', async () => {
    const host = await signUp(['host'], 'Olga Owner');
    const venue = await createVenue(host);
    saveSession(await signUp(['host'], 'Ivan Intruder'));
    renderApp(`/venues/${venue.id}/slots/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
