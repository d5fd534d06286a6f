import { describe, expect, it } from 'vitest';
import type { Act, ActListResponse } from '../../../contract/acts.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';
import { listRequests } from '../../test/requests.js';

// GET /v1/acts?status=: the act list's status filter on the server, so "Found N results" and the
// pages behind "Show more" count every act, not the first page's (issue 28, item 6).

const {
  t,
  people: { admin, host },
} = useTestApp({ admin: buildAdmin, host: buildHost });

const { list, listOk } = listRequests<ActListResponse>(t, '/v1/acts');

const names = (r: ActListResponse) => r.data.map((a: Act) => a.name);

/** A performer with `scheduled` acts that play somewhere and `looking` acts that do not. */
async function lineUp(scheduled: number, looking: number, prefix = 'Act') {
  const performer = await buildPerformer(t.app);
  const playing: number[] = [];
  for (let i = 0; i < scheduled; i++) {
    const id = await buildAct(t.app, performer, { name: `${prefix} plays ${String(i).padStart(2, '0')}` });
    const venue = await buildVenue(t.app, host, { slots: ['Slot 2'] });
    await scheduleAct(t.app, venue, 'Slot 2', id);
    playing.push(id);
  }
  for (let i = 0; i < looking; i++)
    await buildAct(t.app, performer, { name: `${prefix} looks ${String(i).padStart(2, '0')}` });
  return { performer, playing };
}

describe('GET /v1/acts?status=', () => {
  it('keeps the acts with a set ("scheduled") or without one ("looking"), with a true total across pages', async () => {
    const { performer } = await lineUp(5, 3);
    const scope = { creator_id: performer.user.id, order_by: 'name', include_total: true };

    const first = await listOk({ ...scope, status: 'scheduled', limit: 2 });
    expect(first.total).toBe(5);
    expect(names(first)).toEqual(['Act plays 00', 'Act plays 01']);
    const last = await listOk({ ...scope, status: 'scheduled', limit: 2, offset: 4 });
    expect(names(last)).toEqual(['Act plays 04']);
    expect(last.total).toBe(5);
    for (const act of (await listOk({ ...scope, status: 'scheduled' })).data)
      expect(act.scheduled_venue_slots).not.toEqual([]);

    const looking = await listOk({ ...scope, status: 'looking', limit: 2 });
    expect(looking.total).toBe(3);
    expect(names(looking)).toEqual(['Act looks 00', 'Act looks 01']);
    expect(names(await listOk({ ...scope, status: 'looking', offset: 2 }))).toEqual(['Act looks 02']);
  });

  it('counts with a search too (the single pass that counts as it pages)', async () => {
    const token = `stat${Date.now()}`;
    const { performer } = await lineUp(3, 2, token);
    const scope = { creator_id: performer.user.id, search: token, include_total: true, limit: 1 };
    expect(await listOk({ ...scope, status: 'scheduled' })).toMatchObject({ total: 3 });
    expect(await listOk({ ...scope, status: 'looking' })).toMatchObject({ total: 2 });
    // Past the last match, the total is still there.
    expect(await listOk({ ...scope, status: 'looking', offset: 5 })).toMatchObject({ data: [], total: 2 });
  });

  it('leaves the spec’s request as it was: without status every act comes, whatever its status', async () => {
    const { performer } = await lineUp(2, 2);
    const all = await listOk({ creator_id: performer.user.id, include_total: true });
    expect(all.total).toBe(4);
    expect(all.data).toHaveLength(4);
  });

  it('combines with "Plays at" and the genre', async () => {
    const performer = await buildPerformer(t.app);
    const jazz = await buildAct(t.app, performer, { name: 'Jazz at three', type: 'jazz' });
    await buildAct(t.app, performer, { name: 'Jazz free', type: 'jazz' });
    const venue = await buildVenue(t.app, host, { slots: ['Slot 3'] });
    await scheduleAct(t.app, venue, 'Slot 3', jazz);
    const scope = { creator_id: performer.user.id, type: 'jazz', include_total: true };
    expect(await listOk({ ...scope, status: 'scheduled', scheduled_slot: 'Slot 3' })).toMatchObject({ total: 1 });
    expect(await listOk({ ...scope, status: 'looking', scheduled_slot: 'Slot 3' })).toMatchObject({ total: 0 });
    expect(names(await listOk({ ...scope, status: 'looking' }))).toEqual(['Jazz free']);
  });

  it('counts a set at a porch the committee hid as the cards show it: not for the public, yes for admins', async () => {
    const performer = await buildPerformer(t.app);
    const id = await buildAct(t.app, performer, { name: 'At a hidden porch' });
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    await scheduleAct(t.app, venue, 'Slot 1', id);
    await t.app.deps.db.kysely
      .updateTable('venues')
      .set({ hidden_at: t.clock.now() })
      .where('id', '=', venue)
      .execute();
    const scope = { creator_id: performer.user.id, include_total: true };

    const looking = await listOk({ ...scope, status: 'looking' });
    expect(names(looking)).toEqual(['At a hidden porch']);
    expect(looking.data[0]!.scheduled_venue_slots).toEqual([]);
    expect(await listOk({ ...scope, status: 'scheduled' })).toMatchObject({ data: [], total: 0 });

    const forAdmin = await list({ ...scope, status: 'scheduled' }, admin.auth);
    expect(forAdmin.statusCode).toBe(200);
    expect(forAdmin.json<ActListResponse>()).toMatchObject({ total: 1 });
  });

  it('is in the OpenAPI document as an optional query parameter of GET /v1/acts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string; in: string; required?: boolean; schema?: unknown }[] } }
      >;
    }>();
    // The list route is registered as '/v1/acts/' (Fastify's prefix); '/v1/acts' answers too.
    const status = doc.paths['/v1/acts/']?.get?.parameters?.find((p) => p.name === 'status');
    expect(status).toMatchObject({ in: 'query', schema: { enum: ['looking', 'scheduled'] } });
    expect(status?.required).not.toBe(true);
  });

  it.each([
    ['an unknown status', 'booked'],
    ['an empty status', ''],
    ['the label instead', 'Looking for a host'],
  ])('answers 400 for %s', async (_label, status) => {
    const res = await list({ status });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('status');
  });
});
