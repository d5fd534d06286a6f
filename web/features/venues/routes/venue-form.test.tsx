import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { AuthServerMessages } from '../../../../contract/auth';
import { REQUIRED } from '../../../../contract/forms';
import { VenueMessages } from '../../../../contract/venues';
import { saveSession } from '../../../lib/session';
import { createVenue } from '../../../test/catalogue';
import { watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';
import { descriptionEditor, fieldGroup, submitEmptyForm } from '../../../test/entry-forms';

describe('/venues/new', () => {
  test('an empty form shows every validation message beside its field and sends nothing', async () => {
    const calls = await submitEmptyForm('host', 'Hana Host', '/venues/new', 'New Venue', 'Create Venue');

    const address = screen.getByRole('textbox', { name: /^Address/ });
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(expect.stringContaining(REQUIRED));
    expect(await descriptionEditor()).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Preferred genres')).toHaveAccessibleDescription(VenueMessages.genreRequired);
    expect(fieldGroup('Preferred act size')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Can you provide electricity')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Can you provide a sound system')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Are you available on the rain date')).toHaveAccessibleDescription(REQUIRED);
    expect(fieldGroup('Slots you can host')).toHaveAccessibleDescription(VenueMessages.slotRequired);
    expect(calls().filter((c) => c.startsWith('POST'))).toEqual([]);
  }, 30_000);

  test('every field has its choices with the contract labels', async () => {
    saveSession(await signUp(['host']));
    renderApp('/venues/new');
    await screen.findByRole('heading', { level: 1, name: 'New Venue' });
    expect(within(fieldGroup('Preferred genres')).getAllByRole('checkbox')).toHaveLength(21);
    expect(within(fieldGroup('Preferred genres')).getByRole('checkbox', { name: 'Hip Hop' })).toBeInTheDocument();
    const sizes = within(fieldGroup('Preferred act size'))
      .getAllByRole('radio')
      .map((r) => r.closest('div')?.textContent);
    expect(sizes).toEqual(['1-3 persons', '4+ persons', 'Any size']);
    // The slot times come from the festival configuration.
    await screen.findByRole('checkbox', { name: 'Slot 1 (12pm-1:00pm EDT)' });
    const slots = within(fieldGroup('Slots you can host')).getAllByRole('checkbox');
    expect(slots.map((s) => s.closest('div')?.textContent)).toEqual([
      'Slot 1 (12pm-1:00pm EDT)',
      'Slot 2 (1:30pm-2:30pm EDT)',
      'Slot 3 (3:00pm-4:00pm EDT)',
      'Slot 4 (4:30pm-5:30pm EDT)',
    ]);
  });

  test('a performer is not allowed to create a venue', async () => {
    saveSession(await signUp(['performer']));
    renderApp('/venues/new');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('button', { name: 'Create Venue' })).not.toBeInTheDocument();
  });

  test('a signed-out visitor is not allowed either', async () => {
    renderApp('/venues/new');
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
  });
});

describe('/venues/:id/edit', () => {
  test('the owner edits every field but the slots, saved through PATCH /no_slots, then returns to the list', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host, { available_slots: [{ slot_def: 'Slot 2' }] });
    saveSession(host);
    const calls = watchFetch();
    const { user, router } = renderApp(`/venues/${venue.id}/edit`);
    await screen.findByRole('heading', { level: 1, name: 'Edit Venue' });
    expect(screen.queryByRole('group', { name: /^Slots you can host/ })).not.toBeInTheDocument();
    expect(within(fieldGroup('Preferred genres')).getByRole('checkbox', { name: 'Folk' })).toBeChecked();
    await descriptionEditor();

    const address = screen.getByRole('textbox', { name: /^Address/ });
    await user.clear(address);
    await user.type(address, `${venue.address} (back yard)`);
    await user.click(within(fieldGroup('Preferred genres')).getByRole('checkbox', { name: 'Blues' }));
    await user.click(screen.getByRole('button', { name: 'Save Venue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    expect(calls()).toContain(`PATCH ${inject('apiUrl')}/v1/venues/${venue.id}/no_slots`);
    const saved = (await (await fetch(`${inject('apiUrl')}/v1/venues/${venue.id}`)).json()) as typeof venue;
    expect(saved.address).toBe(`${venue.address} (back yard)`);
    expect(saved.preferred_act_types).toEqual(expect.arrayContaining(['folk', 'blues']));
    expect(saved.available_slots.map((s) => s.slot_def)).toEqual(['Slot 2']);
  }, 30_000);

  test('another host sees "You are not allowed to perform this action."', async () => {
    const venue = await createVenue(await signUp(['host']));
    saveSession(await signUp(['host']));
    renderApp(`/venues/${venue.id}/edit`);
    expect(await screen.findByRole('alert')).toHaveTextContent(AuthServerMessages.forbidden);
    expect(screen.queryByRole('button', { name: 'Save Venue' })).not.toBeInTheDocument();
  });
});
