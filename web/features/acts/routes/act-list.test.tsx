import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createAct } from '../../../test/catalogue';
import { watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';
import { ACT_LIST_TEXT } from './act-list';

afterEach(() => {
  vi.restoreAllMocks();
});

const actCalls = (calls: string[]) =>
  calls
    .filter((c) => c.startsWith('GET ') && new URL(c.slice(4)).pathname === '/v1/acts')
    .map((c) => new URL(c.slice(4)).searchParams);

describe('/acts search and filters live in the URL', () => {
  test('genre and slot go to the API; the status filter is applied after fetching (spec 2)', async () => {
    const name = `Owls ${Date.now()}`;
    await createAct(await signUp(['performer']), { name, type: 'jazz', preferred_slots: ['Slot 2', 'Slot 4'] });
    const calls = watchFetch();
    const { user, router } = renderApp(
      `/acts?search=${encodeURIComponent(name)}&genre=jazz&slot=Slot+2&status=looking`,
    );

    expect(await screen.findByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByText('Found 1 results')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('looking');
    const [query] = actCalls(calls());
    expect(query?.get('type')).toBe('jazz');
    expect(query?.get('s_preferred_slots__ilike')).toBe('Slot 2');
    expect(query?.get('search')).toBe(name);
    expect(query?.has('status')).toBe(false);

    // A new act is looking for a host, so "Scheduled with a host" leaves nothing, without a new call.
    const before = actCalls(calls()).length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled with a host');
    expect(await screen.findByText(ACT_LIST_TEXT.noMatch)).toBeInTheDocument();
    expect(screen.getByText('Found 0 results')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('scheduled');
    expect(actCalls(calls())).toHaveLength(before);
  });

  test('the card shows the status and the preferred slots as numbers', async () => {
    const name = `Larks ${Date.now()}`;
    const act = await createAct(await signUp(['performer']), { name, preferred_slots: ['Slot 4', 'Slot 1'] });
    renderApp(`/acts?search=${encodeURIComponent(name)}`);
    const card = await screen.findByRole('article', { name: `Act: ${name}` });
    expect(within(card).getByText('Looking for a host')).toBeInTheDocument();
    expect(within(card).getByText('Preferred slots').nextElementSibling).toHaveTextContent(/^1, 4$/);
    expect(within(card).getByRole('link', { name })).toHaveAttribute('href', `/acts/${act.id}`);
  });

  test('the filters offer the spec 2 choices', async () => {
    renderApp('/acts');
    const slot = await screen.findByRole('combobox', { name: 'Preferred slot' });
    expect(
      within(slot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any Slot', 'Slot 1', 'Slot 2', 'Slot 3', 'Slot 4']);
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any Status', 'Looking for a host', 'Scheduled with a host']);
    expect(within(screen.getByRole('combobox', { name: 'Genre' })).getAllByRole('option')[0]).toHaveTextContent(
      'Any Genre',
    );
  });
});

describe('/acts by role', () => {
  test('a performer gets the New Act button and no banner', async () => {
    saveSession(await signUp(['performer']));
    renderApp('/acts');
    expect(await screen.findByRole('link', { name: 'New Act' })).toHaveAttribute('href', '/acts/new');
    expect(screen.queryByText(/Looking for acts for your porch/)).not.toBeInTheDocument();
  });

  test('a host gets the guidance banner and no New Act button', async () => {
    saveSession(await signUp(['host']));
    renderApp('/acts');
    expect(await screen.findByText(/Looking for acts for your porch/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'New Act' })).not.toBeInTheDocument());
  });
});
