import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { createAct, createVenue, scheduleActs } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

async function openAct(id: number) {
  renderApp(`/acts/${id}`);
  const heading = await screen.findByRole('heading', { level: 1 });
  return heading.closest('article') as HTMLElement;
}

describe('/acts/:id', () => {
  test('a scheduled act names each slot with its clock times and zone, in time order, and its venue', async () => {
    const act = await createAct(await signUp(['performer']), { name: `Wrens ${Date.now()}` });
    const host = await signUp(['host']);
    const late = await createVenue(host, {
      address: `${Date.now()} Late Lane`,
      available_slots: [{ slot_def: 'Slot 4' }],
    });
    const early = await createVenue(host, {
      address: `${Date.now()} Early Road`,
      available_slots: [{ slot_def: 'Slot 2' }],
    });
    await scheduleActs(host, late.id, [{ slot_def: 'Slot 4', scheduled_act_id: act.id }]);
    await scheduleActs(host, early.id, [{ slot_def: 'Slot 2', scheduled_act_id: act.id }]);

    const card = await openAct(act.id);
    expect(within(card).getByText('Scheduled to play')).toBeInTheDocument();
    // The clock times come with the festival's configuration, which may arrive after the act.
    const sets = () =>
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await waitFor(() =>
      expect(sets()).toEqual([
        `Slot 2, 1:30pm-2:30pm EDT at ${early.address}`,
        `Slot 4, 4:30pm-5:30pm EDT at ${late.address}`,
      ]),
    );
    expect(within(card).getByRole('link', { name: early.address })).toHaveAttribute('href', `/venues/${early.id}`);

    // "Add to calendar" downloads the act's calendar file from the API.
    const add = within(card).getByRole('link', { name: 'Add to calendar' });
    const href = add.getAttribute('href')!;
    expect(href).toMatch(new RegExp(`/v1/acts/${act.id}/calendar\\.ics$`));
    const file = await fetch(new URL(href, inject('apiUrl')));
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await file.text();
    expect(body.match(/^BEGIN:VEVENT/gm)).toHaveLength(2);
    expect(body).toContain(`SUMMARY:${act.name}`);
  });

  test('an act no one has scheduled is looking for a host', async () => {
    const act = await createAct(await signUp(['performer']));
    const card = await openAct(act.id);
    expect(within(card).getByText('Looking for a host')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });
});
