import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, inject, test, vi } from 'vitest';
import type { SessionUser } from '../../../contract/auth';
import { zonedInstant } from '../../../contract/festival-time';
import { createAct, createVenue } from '../../test/catalogue';
import { renderApp, signUp } from '../../test/render-app';

const ZONE = 'America/New_York';
const at = (time: string) => zonedInstant('2025-06-14', time, ZONE);
// Names of this file's own, so other test files' schedule entries on the shared server do not matter.
const tag = `w${Date.now().toString(36)}`;
const brass = `Brass ${tag}`;
const jazz = `Jazz ${tag}`;
const folk = `Folk ${tag}`;

async function schedule(host: SessionUser, venueId: number, slots: Record<string, number>) {
  const response = await fetch(`${inject('apiUrl')}/v1/venues/${venueId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${host.jwt_token}` },
    body: JSON.stringify({
      available_slots: Object.entries(slots).map(([slot_def, scheduled_act_id]) => ({ slot_def, scheduled_act_id })),
    }),
  });
  if (!response.ok) throw new Error(`PATCH failed: ${response.status} ${await response.text()}`);
}

/** A phone-sized screen: the browser API the schedule asks which layout to render. */
function onPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

beforeAll(async () => {
  const performer = await signUp(['performer'], 'Wendy Web');
  const host = await signUp(['host'], 'Harold Web');
  const a = await createAct(performer, { name: brass, type: 'brass', bio: '<p>Horns on the corner.</p>' });
  const b = await createAct(performer, { name: jazz, type: 'jazz', bio: `<p>A quartet called ${tag}.</p>` });
  const c = await createAct(performer, { name: folk, type: 'folk', bio: '<p>Fiddles at noon.</p>' });
  const oak = await createVenue(host, {
    address: `1 Oak ${tag}`,
    available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 2' }],
  });
  const elm = await createVenue(host, {
    address: `2 Elm ${tag}`,
    available_slots: [{ slot_def: 'Slot 2' }],
    step_free: true,
    seating: true,
  });
  await schedule(host, oak.id, { 'Slot 1': c.id, 'Slot 2': a.id });
  await schedule(host, elm.id, { 'Slot 2': b.id });
  // A phone in Tokyo: the festival's clock must still be New York's.
  vi.stubEnv('TZ', 'Asia/Tokyo');
});

afterAll(() => {
  vi.unstubAllEnvs();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function fixClock(instant: number) {
  // Only Date: the real timers keep the page's requests and Testing Library's waits going.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
}

describe('the schedule on a phone, now and next', () => {
  test('at 2:00pm New York time (the device in Tokyo) it opens at Slot 2 marked Now, Slot 3 marked Next', async () => {
    onPhone();
    fixClock(at('14:00'));
    renderApp('/schedule');
    // The first visit compiles the screen's chunk on a shared machine: a longer wait once.
    const selected = await screen.findByRole('tab', { selected: true }, { timeout: 15_000 });
    expect(selected).toHaveTextContent('1:30pm-2:30pm EDT Now');
    expect(screen.getByRole('tab', { name: /3:00pm-4:00pm EDT/ })).toHaveTextContent('Next');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByRole('link', { name: brass })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/acts\/\d+$/),
    );
    expect(within(panel).getByRole('link', { name: `1 Oak ${tag}` })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/venues\/\d+$/),
    );
    expect(within(panel).queryByRole('link', { name: folk })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test("reads festival time from the server's zone table: no Intl formatter is built or used", async () => {
    // A page's first Intl formatter loads the locale data: 30-40 ms of a desktop's main thread,
    // four times that on Lighthouse's phone (docs/decisions/0039-festival-time-without-intl.md).
    onPhone();
    fixClock(at('14:00'));
    const used = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    const collated = vi.spyOn(String.prototype, 'localeCompare');
    try {
      renderApp('/schedule');
      expect(await screen.findByRole('tab', { selected: true }, { timeout: 15_000 })).toHaveTextContent(
        '1:30pm-2:30pm EDT Now',
      );
      expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: brass })).toBeInTheDocument();
      expect(screen.getByText(/^Saturday, June 14, 2025, /)).toBeInTheDocument();
      expect([built, used, collated].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    } finally {
      for (const spy of [built, used, collated]) spy.mockRestore();
    }
  });

  test('between slots it opens at the next one, and choosing a tab shows that slot', async () => {
    onPhone();
    fixClock(at('13:10'));
    const { user } = renderApp('/schedule');
    expect(await screen.findByRole('tab', { selected: true })).toHaveTextContent('1:30pm-2:30pm EDT Next');
    expect(screen.queryByText('Now')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /12pm-1:00pm EDT/ }));
    expect(screen.getByRole('tab', { selected: true })).toHaveTextContent('12pm-1:00pm EDT');
    expect(await within(screen.getByRole('tabpanel')).findByRole('link', { name: folk })).toBeInTheDocument();
  });
});

describe('filters in the URL', () => {
  test('a shared URL opens filtered, counts the matches, and a change writes the URL', async () => {
    const { user, router } = renderApp(`/schedule?genre=jazz&genre=brass&q=${tag}`);
    expect(await screen.findByText(/^2 of \d+ sets match\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Jazz')).toBeChecked();
    expect(screen.getByLabelText('Brass')).toBeChecked();
    expect(screen.getByRole('link', { name: brass })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: folk })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search acts, porches and descriptions'), ' quartet');
    await waitFor(() => expect(router.state.location.search).toContain(`q=${tag}+quartet`));
    expect(await screen.findByText(/^1 of \d+ sets match\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: brass })).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Favourites only'));
    expect(await screen.findByText('No set matches these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('favourites=1');
    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  test('amenity filters keep the sets at venues that offer every amenity ticked, and live in the URL', async () => {
    const { user, router } = renderApp(`/schedule?q=${tag}&amenity=step_free`);
    expect(await screen.findByText(/^1 of \d+ sets match\./)).toBeInTheDocument();
    const stepFree = screen.getByRole('checkbox', { name: 'Step-free viewing' });
    expect(stepFree).toBeChecked();
    expect(screen.getByRole('link', { name: jazz })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: brass })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Shade' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).getAll('amenity')).toEqual(['step_free', 'shade']),
    );
    expect(await screen.findByText('No set matches these filters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('link', { name: brass })).toBeInTheDocument();
  });
});

describe('favourites and My day', () => {
  test('stars on the schedule are kept on the device, and two in one slot are a conflict on My day', async () => {
    const { user } = renderApp('/schedule');
    for (const name of [brass, jazz]) {
      const star = await screen.findByRole('button', { name: `Favourite: ${name}` });
      expect(star).toHaveAttribute('aria-pressed', 'false');
      await user.click(star);
      expect(star).toHaveAttribute('aria-pressed', 'true');
    }
    expect(JSON.parse(localStorage.getItem('porchfest.favourites') ?? '[]')).toHaveLength(2);

    await user.click(screen.getAllByRole('link', { name: 'My day' })[0]!);
    await screen.findByRole('heading', { level: 1, name: 'My day' });
    expect(await screen.findByRole('note')).toHaveTextContent(
      `Conflict: ${brass} and ${jazz} play at the same time (1:30pm-2:30pm EDT).`,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Link to my day').value).toMatch(/\/myday\?acts=\d+,\d+$/);
  });

  test('another tab starring an act updates this one', async () => {
    renderApp(`/schedule?q=${tag}`);
    const star = await screen.findByRole('button', { name: `Favourite: ${folk}` });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    const id = Number(screen.getByRole('link', { name: folk }).getAttribute('href')?.split('/').pop());
    localStorage.setItem('porchfest.favourites', JSON.stringify([id]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'porchfest.favourites' }));
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
  });

  test('a shared link shows its acts and adds them to this device', async () => {
    renderApp(`/schedule?q=${tag}`);
    const ids = await Promise.all(
      [brass, jazz].map(async (name) =>
        Number((await screen.findByRole('link', { name })).getAttribute('href')?.split('/').pop()),
      ),
    );
    const { user } = renderApp(`/myday?acts=${ids.join(',')}`);
    const add = await screen.findByRole('button', { name: 'Add these 2 to my favourites' });
    expect(screen.getAllByRole('link', { name: brass }).length).toBeGreaterThan(0);
    await user.click(add);
    expect(await screen.findByText(/All of them are in your favourites\./)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('porchfest.favourites') ?? '[]')).toEqual(ids);
  });
});
