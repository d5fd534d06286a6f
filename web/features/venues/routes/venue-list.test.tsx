import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createVenue } from '../../../test/catalogue';
import { getQueries, watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';
import { VENUE_LIST_TEXT } from './venue-list';

const venueCalls = (calls: string[]) => getQueries(calls, '/v1/venues');

describe('/venues search and filters live in the URL', () => {
  test('a shared link shows its filters and asks the API for them', async () => {
    const calls = watchFetch();
    renderApp('/venues?genre=jazz&slot=Slot+2&search=porch');
    await screen.findByRole('heading', { level: 1, name: 'Venues' });
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('jazz');
    expect(screen.getByRole('combobox', { name: 'Slot availability' })).toHaveValue('Slot 2');
    expect(screen.getByRole('searchbox', { name: 'Search venues' })).toHaveValue('porch');
    expect(screen.getByPlaceholderText('Search street name or description')).toBeInTheDocument();
    await screen.findByText(/^Found \d+ results$/);
    const [query] = venueCalls(calls());
    expect(Object.fromEntries(query ?? [])).toEqual({
      offset: '0',
      limit: '100',
      include_total: 'true',
      order_by: '-updated_time',
      search: 'porch',
      s_preferred_act_types__ilike: 'jazz',
      available_slots__slot_def: 'Slot 2',
      available_slots__available_to_schedule: 'true',
    });
  });

  test('the filters offer the list choices', async () => {
    renderApp('/venues');
    const genre = await screen.findByRole('combobox', { name: 'Genre' });
    expect(within(genre).getAllByRole('option')[0]).toHaveTextContent('Any Genre');
    expect(within(genre).getAllByRole('option')).toHaveLength(22);
    const slot = screen.getByRole('combobox', { name: 'Slot availability' });
    expect(
      within(slot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any Slot Availability',
      'Slot 1 Available',
      'Slot 2 Available',
      'Slot 3 Available',
      'Slot 4 Available',
    ]);
  });

  test('typing searches once the typing has paused for 500 ms, and the search goes into the URL', async () => {
    const host = await signUp(['host']);
    const address = `${Date.now()} Quiet Lane`;
    await createVenue(host, { address });
    const calls = watchFetch();
    const { user, router } = renderApp('/venues');
    await screen.findByText(/^Found \d+ results$/);
    const box = screen.getByRole('searchbox', { name: 'Search venues' });
    await user.type(box, address);
    const typedAt = Date.now();
    // Nothing searched while typing.
    expect(venueCalls(calls()).some((q) => q.has('search'))).toBe(false);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?search=${encodeURIComponent(address).replace(/%20/g, '+')}`),
    );
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(450);
    expect(await screen.findByText('Found 1 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: address })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/venues\/\d+$/),
    );
    expect(
      venueCalls(calls())
        .filter((q) => q.has('search'))
        .map((q) => q.get('search')),
    ).toEqual([address]);
  });

  test('choosing a filter puts it in the URL; nothing matching shows the spec text', async () => {
    const { user, router } = renderApp(`/venues?search=${Date.now()}-nothing-like-this`);
    expect(await screen.findByText(VENUE_LIST_TEXT.noMatch)).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Genre' }), 'Hip Hop');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('genre')).toBe('hiphop'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Slot availability' }), 'Slot 4 Available');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('slot')).toBe('Slot 4'));
    expect(screen.getByText('Found 0 results')).toBeInTheDocument();
  });
});

describe('/venues amenity filters', () => {
  test('a shared link ticks its amenities and asks the API for venues offering them; unticking leaves the URL', async () => {
    const calls = watchFetch();
    const { user, router } = renderApp('/venues?amenity=shade&amenity=step_free');
    await screen.findByText(/^Found \d+ results$/);
    expect(screen.getByRole('group', { name: 'Amenities' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Shade' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Step-free viewing' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Seating' })).not.toBeChecked();
    const [query] = venueCalls(calls());
    expect(query?.get('shade')).toBe('true');
    expect(query?.get('step_free')).toBe('true');
    expect(query?.has('seating')).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Shade' }));
    await waitFor(() => expect(router.state.location.search).toBe('?amenity=step_free'));
    await waitFor(() =>
      expect(venueCalls(calls()).some((q) => q.get('step_free') === 'true' && !q.has('shade'))).toBe(true),
    );
  });
});

describe('/venues by role', () => {
  test('a host gets the New Venue button and no banner', async () => {
    saveSession(await signUp(['host']));
    renderApp('/venues');
    expect(await screen.findByRole('link', { name: 'New Venue' })).toHaveAttribute('href', '/venues/new');
    expect(screen.queryByText(/Looking for a porch to play on/)).not.toBeInTheDocument();
  });

  test('a performer gets the guidance banner and no New Venue button', async () => {
    saveSession(await signUp(['performer']));
    renderApp('/venues');
    expect(await screen.findByText(/Looking for a porch to play on/)).toBeInTheDocument();
    // A static tip is read in place, not announced as an alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New Venue' })).not.toBeInTheDocument();
  });
});

describe('/venues cards show the first lines of a bio', () => {
  test('a long rich-text bio is a short plain excerpt on the card, whole on the venue page, with no gap after it', async () => {
    const address = `${Date.now()} Excerpt Lane`;
    const first = 'Un porche au coin de la rue, café et « musique » pour tous. '.repeat(8);
    const bio = `<h2>Our porch</h2><p><em>${first}</em></p><p>The whole story ends here: TAIL-MARK</p><p><br></p><p><br></p>`;
    const venue = await createVenue(await signUp(['host']), { address, bio });
    const { router } = renderApp(`/venues?search=${encodeURIComponent(address)}`);
    const card = await screen.findByRole('article', { name: `Venue: ${address}` });
    const excerpt = card.querySelector('.bio-excerpt');
    expect(excerpt?.textContent).toMatch(/^Our porch Un porche au coin de la rue, café et « musique » pour tous\. Un/);
    expect(excerpt?.textContent).toMatch(/…$/);
    expect(excerpt!.textContent.length).toBeLessThanOrEqual(241);
    expect(card).not.toHaveTextContent('TAIL-MARK');
    expect(within(card).queryByRole('heading', { name: 'Our porch' })).not.toBeInTheDocument();

    await router.navigate(`/venues/${venue.id}`);
    const page = (await screen.findByRole('heading', { level: 1, name: address })).closest('article')!;
    const full = page.querySelector('.rich-text')!;
    expect(full).toHaveTextContent('TAIL-MARK');
    // The editor's empty trailing paragraphs leave no gap: the last paragraph is the text.
    expect(full.lastElementChild).toHaveTextContent('The whole story ends here: TAIL-MARK');
  }, 60_000);
});
