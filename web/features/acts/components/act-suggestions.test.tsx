import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { SessionUser } from '../../../../contract/auth';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue } from '../../../test/catalogue';
import { watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';

/**
 * An amplified folk act that asks for a street of its own, and two porches on that street: one
 * with electricity (it fits, and ranks first: the street it asked for), one without (never offered).
 */
async function actWithPorches(performer: SessionUser) {
  const street = `Quillfeather${Date.now()} Lane`;
  const host = await signUp(['host'], 'Hilda Host');
  const fits = await createVenue(host, {
    address: `12 ${street}`,
    preferred_act_types: ['folk'],
    provide_electric: 'yes',
    available_slots: [{ slot_def: 'Slot 3' }],
  });
  const dark = await createVenue(host, {
    address: `14 ${street}`,
    preferred_act_types: ['folk'],
    provide_electric: 'no',
    available_slots: [{ slot_def: 'Slot 3' }],
  });
  const act = await createAct(performer, {
    name: `The Lamplighters ${Date.now()}`,
    type: 'folk',
    sound_system: 'bring_own',
    preferred_slots: ['Slot 3'],
    venue_pref: `Anywhere on ${street}`,
  });
  return { act, fits, dark, street };
}

const suggestionsCalls = (calls: string[], actId: number) =>
  calls.filter((c) => c.includes(`/v1/acts/${actId}/suggestions`));

describe('porches that fit an act', () => {
  test("on the act's page its owner sees the porch that fits, why, and Contact to its host; not the porch without electricity", async () => {
    const performer = await signUp(['performer'], 'Pia Performer');
    const { act, fits, dark, street } = await actWithPorches(performer);
    saveSession(performer);
    renderApp(`/acts/${act.id}`);

    const section = await screen.findByRole('region', { name: 'Porches that fit this act' });
    const where = await within(section).findByRole('link', { name: fits.address });
    expect(where).toHaveAttribute('href', `/venues/${fits.id}`);
    expect(within(section).queryByRole('link', { name: dark.address })).not.toBeInTheDocument();
    const item = where.closest('li') as HTMLElement;
    // The slot's name and its clock times come from the festival configuration.
    await waitFor(() => expect(item).toHaveTextContent(`${fits.address}, Slot 3, 3:00pm-4:00pm EDT`));
    expect(within(item).getByText('The porch asks for folk')).toBeInTheDocument();
    expect(within(item).getByText(`You asked for ${street}`)).toBeInTheDocument();
    // Warnings are there too: this porch has no pin on the map.
    expect(within(item).getByText(/no pin on the map/)).toBeInTheDocument();
    const contact = within(item).getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('href', `/venues/${fits.id}/contact`);
    expect(contact).toHaveAccessibleDescription(new RegExp(fits.address));
  });

  test('a visitor and another performer see no such section, and the app does not ask for it', async () => {
    const { act } = await actWithPorches(await signUp(['performer']));
    const calls = watchFetch();
    renderApp(`/acts/${act.id}`);
    await screen.findByRole('heading', { level: 1, name: act.name });
    expect(screen.queryByRole('region', { name: 'Porches that fit this act' })).not.toBeInTheDocument();

    saveSession(await signUp(['performer'], 'Otto Other'));
    renderApp(`/acts/${act.id}`);
    await screen.findAllByRole('heading', { level: 1, name: act.name });
    expect(screen.queryByRole('region', { name: 'Porches that fit this act' })).not.toBeInTheDocument();
    expect(suggestionsCalls(calls(), act.id)).toEqual([]);
  });

  test('on My Acts each act has the list behind a disclosure, asked for only when it is opened', async () => {
    const performer = await signUp(['performer'], 'Mo Mine');
    const { act, fits } = await actWithPorches(performer);
    saveSession(performer);
    const calls = watchFetch();
    renderApp('/myacts');
    const card = await screen.findByRole('article', { name: `Act: ${act.name}` });
    const summary = within(card).getByText('Porches that fit this act');
    expect(suggestionsCalls(calls(), act.id)).toEqual([]);

    await userEvent.setup().click(summary);
    const where = await within(card).findByRole('link', { name: fits.address });
    expect(where).toHaveAttribute('href', `/venues/${fits.id}`);
    expect(within(card).getAllByRole('link', { name: 'Contact' })[0]).toHaveAttribute(
      'href',
      `/venues/${fits.id}/contact`,
    );
    expect(suggestionsCalls(calls(), act.id)).toHaveLength(1);
  });
});
