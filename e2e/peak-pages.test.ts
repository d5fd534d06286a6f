import { beforeAll, describe, expect, test } from 'vitest';
import type { Act } from '../contract/acts.js';
import type { SessionUser } from '../contract/auth.js';
import { actBody } from '../test/support/bodies.js';
import { e2eActors } from './support/actors.js';
import { useE2eApp } from './support/e2e-app.js';

/**
 * Issue 26, item 1 (docs/decisions/0058): the built server keeps each drawn page as final bytes,
 * found by the database's counters, the minute and the release time. Whatever changes what a page
 * shows changes its version: the next load shows the change, under a new tag, and the old tag is
 * no longer answered 304. And a signed-in request is never answered with what was kept for
 * everyone.
 */
const app = useE2eApp('peak-pages');
const { api, signUp, signUpAdmin, createAct, createVenue, saveSlots } = e2eActors(app);

let admin: SessionUser;
let host: SessionUser;
let performer: SessionUser;
let act: Act;
const NAME = 'The Peak Fiddlers';

beforeAll(async () => {
  admin = await signUpAdmin('Peak Committee');
  host = await signUp(['host'], 'Peak Host');
  performer = await signUp(['performer'], 'Peak Player');
  // Not on the rain date: the rain switch leaves its set out.
  act = await createAct(performer, NAME, { rain_date_available: false });
  const venue = await createVenue(host, '7 Peak Road');
  await saveSlots(host, venue, [{ slot_def: 'Slot 1', scheduled_act_id: act.id }]);
}, 60_000);

async function load(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.baseUrl}${path}`, { headers });
  return {
    status: res.status,
    etag: res.headers.get('etag'),
    cache: res.headers.get('cache-control'),
    html: await res.text(),
  };
}

/** Loads `path` twice (the second from what was kept), makes `change`, and loads it again. */
async function across(path: string, change: () => Promise<unknown>) {
  const before = await load(path);
  const kept = await load(path, { 'if-none-match': before.etag! });
  expect(kept.status, `${path} unchanged is a 304`).toBe(304);
  await change();
  const after = await load(path);
  expect(after.status).toBe(200);
  expect(after.etag, `${path}'s tag after the change`).not.toBe(before.etag);
  expect((await load(path, { 'if-none-match': before.etag! })).status).toBe(200);
  return { before, after };
}

const adminApi = (path: string, method: string, body?: unknown) => api(path, { method, token: admin.jwt_token, body });

describe('a kept page changes with what it shows', () => {
  test('an edit to an act', async () => {
    const { before, after } = await across('/schedule', () =>
      api(`/v1/acts/${act.id}`, {
        method: 'PATCH',
        token: performer.jwt_token,
        body: actBody(`${NAME} Reunited`, { rain_date_available: false }),
      }),
    );
    expect(before.html).toContain(NAME);
    expect(after.html).toContain(`${NAME} Reunited`);
    expect((await load(`/acts/${act.id}`)).html).toContain(`${NAME} Reunited`);
  });

  test('a moderation', async () => {
    const hidden = await across('/schedule', () =>
      adminApi(`/v1/admin/acts/${act.id}/hidden`, 'PUT', { hidden: true, reason: 'Checking the peak pages' }),
    );
    expect(hidden.after.html).not.toContain(NAME);
    const shown = await across('/schedule', () =>
      adminApi(`/v1/admin/acts/${act.id}/hidden`, 'PUT', { hidden: false }),
    );
    expect(shown.after.html).toContain(NAME);
  });

  test('the rain switch', async () => {
    const rain = await across('/schedule', () => adminApi('/v1/admin/settings/rain-date', 'PUT', { active: true }));
    expect(rain.after.html).not.toContain(NAME);
    const dry = await across('/schedule', () => adminApi('/v1/admin/settings/rain-date', 'PUT', { active: false }));
    expect(dry.after.html).toContain(NAME);
  });

  test('an announcement', async () => {
    const text = 'Lemonade at 7 Peak Road all afternoon';
    const now = Date.now();
    const { before, after } = await across('/schedule', () =>
      adminApi('/v1/admin/announcements', 'POST', {
        text,
        level: 'info',
        starts_at: new Date(now - 60_000).toISOString(),
        ends_at: new Date(now + 3_600_000).toISOString(),
      }),
    );
    expect(before.html).not.toContain(text);
    expect(after.html).toContain(text);
  });

  test('the release time passing, with no write', async () => {
    const releaseAt = Date.now() + 6_000;
    try {
      await adminApi('/v1/admin/settings/schedule-release', 'PUT', { release_at: new Date(releaseAt).toISOString() });
      const before = await load('/schedule');
      expect(before.html).not.toContain(NAME);
      // Before the release, a host signed in gets their own booking from the API, never the
      // public answer kept for everyone (which has no sets), and it is never stored.
      const anonymous = await api<{ data: unknown[] }>('/v1/schedule');
      expect(anonymous.data).toHaveLength(0);
      const own = await api<{ data: unknown[] }>('/v1/schedule', { token: host.jwt_token });
      expect(own.data).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, releaseAt - Date.now() + 500));
      const after = await load('/schedule');
      expect(after.html).toContain(NAME);
      expect(after.etag).not.toBe(before.etag);
    } finally {
      await adminApi('/v1/admin/settings/schedule-release', 'PUT', { release_at: null });
    }
  });

  test("a page asked for with Authorization is the routes' answer, never stored", async () => {
    const signedIn = await load('/schedule', { authorization: `Bearer ${host.jwt_token}` });
    expect(signedIn.status).toBe(200);
    expect(signedIn.cache).toBe('no-store');
    expect((await load('/schedule')).cache).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=30');
  });
});
