import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { saveSession } from '../../../lib/session';
import { createAct, createVenue, scheduleActs } from '../../../test/catalogue';
import { getQueries, watchFetch } from '../../../test/fetch-calls';
import { renderApp, signUp } from '../../../test/render-app';
import { ACT_LIST_TEXT } from './act-list';

const actCalls = (calls: string[]) => getQueries(calls, '/v1/acts');

describe('/acts search and filters live in the URL', () => {
  test('genre, slot and the status go to the API, so the count is of every act that matches', async () => {
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
    expect(query?.get('status')).toBe('looking');

    // A new act is looking for a host, so "Scheduled with a host" leaves nothing, asked of the server.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Scheduled with a host');
    expect(await screen.findByText(ACT_LIST_TEXT.noMatch)).toBeInTheDocument();
    expect(screen.getByText('Found 0 results')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('scheduled');
    expect(actCalls(calls()).at(-1)?.get('status')).toBe('scheduled');
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

  test('the filters offer the list choices', async () => {
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

describe('/acts cards show the first lines of a bio', () => {
  test('a long rich-text bio is a short plain excerpt on the card, whole on the act page, with no gap after it', async () => {
    const name = `Lyre ${Date.now()}`;
    const first = 'Été à la façade, chansons & “folk” du quartier. '.repeat(8);
    const bio = `<h2>Who we are</h2><p><strong>${first}</strong></p><p>The whole story ends here: TAIL-MARK</p><p><br></p><p><br></p>`;
    const act = await createAct(await signUp(['performer']), { name, bio });
    const { router } = renderApp(`/acts?search=${encodeURIComponent(name)}`);
    const card = await screen.findByRole('article', { name: `Act: ${name}` });
    const excerpt = card.querySelector('.bio-excerpt');
    expect(excerpt?.textContent).toMatch(/^Who we are Été à la façade, chansons & “folk” du quartier\. Été/);
    expect(excerpt?.textContent).toMatch(/…$/);
    expect(excerpt!.textContent.length).toBeLessThanOrEqual(241);
    expect(card).not.toHaveTextContent('TAIL-MARK');
    expect(within(card).queryByRole('heading', { name: 'Who we are' })).not.toBeInTheDocument();

    await router.navigate(`/acts/${act.id}`);
    const page = (await screen.findByRole('heading', { level: 1, name })).closest('article')!;
    const full = page.querySelector('.rich-text')!;
    expect(full).toHaveTextContent('TAIL-MARK');
    // The editor's empty trailing paragraphs leave no gap: the last paragraph is the text.
    expect(full.lastElementChild).toHaveTextContent('The whole story ends here: TAIL-MARK');
  });
});

describe('/acts reaches every act', () => {
  test('"Show more" loads the next 100 with the same filters, says how many are shown, and moves focus to the first new card', async () => {
    const token = `Pager${Date.now()}`;
    const performer = await signUp(['performer']);
    for (let batch = 0; batch < 105; batch += 15) {
      await Promise.all(
        Array.from({ length: Math.min(15, 105 - batch) }, (_, i) =>
          createAct(performer, { name: `${token} ${String(batch + i).padStart(3, '0')}` }),
        ),
      );
    }
    const calls = watchFetch();
    const { user } = renderApp(`/acts?search=${token}`);

    expect(await screen.findByText('Showing 100 of 105')).toBeInTheDocument();
    expect(screen.getByText('Found 105 results')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Acts' });
    // A screenful is drawn first; the rest of the page as soon as the reader scrolls
    // (docs/decisions/0045-first-cards-then-the-rest.md).
    expect(within(list).getAllByRole('article')).toHaveLength(8);
    // The list listens for the reader's first move once its effect has run, which can be just after
    // the count shows: scroll until it answers (a CI run scrolled once, too early, and waited in vain).
    // Rendering 100 cards in a transition takes jsdom seconds on a loaded machine: more than waitFor's default 1 s.
    await waitFor(
      () => {
        fireEvent.scroll(window);
        expect(within(list).getAllByRole('article')).toHaveLength(100);
      },
      { timeout: 10_000 },
    );

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 105 of 105')).toBeInTheDocument();
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(105);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(screen.getByText('Found 105 results')).toBeInTheDocument();
    // Keyboard focus lands on the first card that was not there before.
    await waitFor(() => expect(within(cards[100]!).getAllByRole('link')[0]).toHaveFocus());

    const [first, second] = actCalls(calls());
    expect(Object.fromEntries(first!)).toMatchObject({
      offset: '0',
      limit: '100',
      include_total: 'true',
      search: token,
    });
    expect(Object.fromEntries(second!)).toEqual({ ...Object.fromEntries(first!), offset: '100' });
  });
});

describe('/acts "Plays at"', () => {
  test('selects acts by the slot they are scheduled in, apart from the preferred slot', async () => {
    const name = `Plover ${Date.now()}`;
    const act = await createAct(await signUp(['performer']), { name, preferred_slots: ['Slot 1'] });
    const host = await signUp(['host']);
    const venue = await createVenue(host, { available_slots: [{ slot_def: 'Slot 3' }] });
    await scheduleActs(host, venue.id, [{ slot_def: 'Slot 3', scheduled_act_id: act.id }]);
    const calls = watchFetch();
    const { user, router } = renderApp(`/acts?search=${encodeURIComponent(name)}`);
    expect(await screen.findByRole('link', { name })).toBeInTheDocument();

    const plays = screen.getByRole('combobox', { name: 'Plays at' });
    // The clock times come with the festival's configuration.
    await within(plays).findByRole('option', { name: 'Slot 3, 3:00pm-4:00pm EDT' });
    expect(
      within(plays)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Any Time',
      'Slot 1, 12pm-1:00pm EDT',
      'Slot 2, 1:30pm-2:30pm EDT',
      'Slot 3, 3:00pm-4:00pm EDT',
      'Slot 4, 4:30pm-5:30pm EDT',
    ]);
    await user.selectOptions(plays, 'Slot 1, 12pm-1:00pm EDT');
    expect(await screen.findByText(ACT_LIST_TEXT.noMatch)).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('plays')).toBe('Slot 1');

    await user.selectOptions(plays, 'Slot 3, 3:00pm-4:00pm EDT');
    expect(await screen.findByText('Found 1 results')).toBeInTheDocument();
    expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(actCalls(calls()).at(-1)?.get('scheduled_slot')).toBe('Slot 3');
    expect(actCalls(calls()).at(-1)?.has('s_preferred_slots__ilike')).toBe(false);
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
    // A static tip is read in place, not announced as an alert.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'New Act' })).not.toBeInTheDocument());
  });
});
