import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, scheduleActs } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

const ownerActions = ['Edit', 'Slots / Schedule'];

async function openVenue(path: string) {
  const app = renderApp(path);
  const heading = await screen.findByRole('heading', { level: 1 });
  return { ...app, card: heading.closest('article') as HTMLElement };
}

describe('/venues/:id', () => {
  test('the owning host sees Edit, Slots / Schedule and Delete, and each slot as Available', async () => {
    const host = await signUp(['host'], 'Hugo Host');
    const venue = await createVenue(host, { available_slots: [{ slot_def: 'Slot 3' }, { slot_def: 'Slot 1' }] });
    saveSession(host);
    const { card } = await openVenue(`/venues/${venue.id}`);
    expect(within(card).getByRole('heading', { level: 1 })).toHaveTextContent(venue.address);
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/venues/${venue.id}/edit`);
    expect(within(card).getByRole('link', { name: 'Slots / Schedule' })).toHaveAttribute(
      'href',
      `/venues/${venue.id}/slots/edit`,
    );
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Slot 1 (12pm-1:00pm EDT): Available', 'Slot 3 (3:00pm-4:00pm EDT): Available']),
    );
    // No e-mail for a non-admin, not even the owner's own.
    expect(within(card).queryByText(/Created by/)).not.toBeInTheDocument();
  });

  test('the line-up reads in time order, each slot with its clock times and the act it hosts', async () => {
    const host = await signUp(['host']);
    const act = await createAct(await signUp(['performer']), { name: `Finches ${Date.now()}` });
    const venue = await createVenue(host, {
      available_slots: [{ slot_def: 'Slot 4' }, { slot_def: 'Slot 2' }, { slot_def: 'Slot 1' }],
    });
    await scheduleActs(host, venue.id, [
      { slot_def: 'Slot 4', scheduled_act_id: null },
      { slot_def: 'Slot 2', scheduled_act_id: act.id },
      { slot_def: 'Slot 1', scheduled_act_id: null },
    ]);
    const { card } = await openVenue(`/venues/${venue.id}`);
    // The clock times come with the festival's configuration, which may arrive after the venue.
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Slot 1 (12pm-1:00pm EDT): Available',
        `Slot 2 (1:30pm-2:30pm EDT): Scheduled to host ${act.name}`,
        'Slot 4 (4:30pm-5:30pm EDT): Available',
      ]),
    );
    expect(within(card).getByRole('link', { name: act.name })).toHaveAttribute('href', `/acts/${act.id}`);
  });

  test('a performer sees Contact but none of the owner actions', async () => {
    const venue = await createVenue(await signUp(['host']));
    saveSession(await signUp(['performer']));
    const { card } = await openVenue(`/venues/${venue.id}`);
    expect(within(card).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', `/venues/${venue.id}/contact`);
    for (const name of ownerActions) expect(within(card).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('a visitor sees no Contact button', async () => {
    const venue = await createVenue(await signUp(['host']));
    const { card } = await openVenue(`/venues/${venue.id}`);
    expect(within(card).queryByRole('link', { name: 'Contact' })).not.toBeInTheDocument();
  });

  test("an admin sees the creator's name, e-mail and roles", async () => {
    const host = await signUp(['host', 'performer'], 'Carla Creator');
    const venue = await createVenue(host);
    saveSession(inject('adminSession'));
    const { card } = await openVenue(`/venues/${venue.id}`);
    expect(within(card).getByText(/Created by Carla Creator/)).toHaveTextContent(
      `Created by Carla Creator (${host.email}), roles: Host, Performer`,
    );
  });

  test('Delete asks first; confirming deletes and returns to the list', async () => {
    const host = await signUp(['host']);
    const venue = await createVenue(host);
    saveSession(host);
    const { user, router, card } = await openVenue(`/venues/${venue.id}`);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete venue?' });
    expect(dialog).toHaveTextContent(venue.address);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/venues/${venue.id}`);

    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/venues'));
    const gone = await fetch(`${inject('apiUrl')}/v1/venues/${venue.id}`);
    expect(gone.status).toBe(404);
  });

  test('an unknown venue says so', async () => {
    renderApp('/venues/2147483000');
    expect(await screen.findByRole('heading', { level: 1, name: 'Venue not found' })).toBeInTheDocument();
  });
});
