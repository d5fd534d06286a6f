import { screen, within } from '@testing-library/react';
import { describe, expect, inject, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, scheduleActs } from '../../../test/catalogue';
import { renderApp, signUp } from '../../../test/render-app';

describe("the desk's Matching panel", () => {
  test('lists a porch with no act, an act with no porch and why, and a rule break, each linking to where it is fixed', async () => {
    const stamp = Date.now();
    const host = await signUp(['host'], 'Hanna Host');
    const empty = await createVenue(host, {
      address: `${stamp} Lonely Lane`,
      available_slots: [{ slot_def: 'Slot 4' }],
    });
    // A porch with no electricity where the host placed an amplified act anyway: a hard rule saved anyway.
    const dark = await createVenue(host, {
      address: `${stamp} Candle Court`,
      provide_electric: 'no',
      available_slots: [{ slot_def: 'Slot 2' }],
    });
    const performer = await signUp(['performer'], 'Pat Player');
    const placed = await createAct(performer, { name: `Loud ${stamp}`, sound_system: 'bring_own' });
    await scheduleActs(host, dark.id, [{ slot_def: 'Slot 2', scheduled_act_id: placed.id }]);
    const unplaced = await createAct(performer, { name: `Waiting ${stamp}`, preferred_slots: ['Slot 1'] });

    saveSession(inject('adminSession'));
    renderApp('/admin');
    const panel = await screen.findByRole('region', { name: 'Matching' });

    const porches = await within(panel).findByRole('region', { name: /^Porches with no act yet \(\d+\)$/ });
    expect(within(porches).getByRole('link', { name: empty.address })).toHaveAttribute(
      'href',
      `/venues/${empty.id}/slots/edit`,
    );
    expect(within(porches).queryByRole('link', { name: dark.address })).not.toBeInTheDocument();

    const acts = within(panel).getByRole('region', { name: /^Acts with no porch \(\d+\)$/ });
    const act = within(acts).getByRole('link', { name: unplaced.name });
    expect(act).toHaveAttribute('href', `/acts/${unplaced.id}`);
    expect((act.closest('tr') as HTMLElement).textContent).toMatch(/slots? fits?|No porch has an open slot|stops/);

    const breaks = within(panel).getByRole('region', { name: /^Rule breaks \(\d+\)$/ });
    const row = within(breaks).getByRole('link', { name: placed.name }).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: dark.address })).toHaveAttribute(
      'href',
      `/venues/${dark.id}/slots/edit`,
    );
    expect(row).toHaveTextContent('Slot 2');
    expect(row).toHaveTextContent('Needs electricity; the porch has none');
  });
});
