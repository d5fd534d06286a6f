import { describe, expect, it } from 'vitest';
import type { Act, ActListResponse } from '../../../contract/acts.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer } from '../../test/builders.js';
import { buildOwnerWith, buildAct, buildVenue, scheduleAct, type ActTraits } from '../../test/catalogue-builders.js';
import { listRequests } from '../../test/requests.js';

const {
  t,
  people: { admin, host },
} = useTestApp({ admin: buildAdmin, host: buildHost });

const { list, listOk } = listRequests<ActListResponse>(t, '/v1/acts');

const names = (r: ActListResponse) => r.data.map((a: Act) => a.name);

const performerWith = (acts: ActTraits[]) => buildOwnerWith(t.app, buildPerformer, buildAct, acts);

describe('GET /v1/acts: search', () => {
  it('matches the name and the visible text of the bio, ignoring case', async () => {
    const { owner: performer } = await performerWith([
      { name: 'Zydecobra', bio: '<p>plain</p>' },
      { name: 'Other', bio: '<p>Like <u>zydecobra</u> but louder</p>' },
      { name: 'Third', bio: '<p>no match</p>' },
    ]);
    expect(names(await listOk({ search: 'ZYDECOBRA', creator_id: performer.user.id, order_by: 'name' }))).toEqual([
      'Other',
      'Zydecobra',
    ]);
  });

  it('does not match markup', async () => {
    const { owner: performer } = await performerWith([
      { bio: '<p><em>soft</em> <span style="color:#0066cc">blue</span></p>' },
    ]);
    for (const term of ['<em>', 'span', 'style', '0066cc']) {
      expect((await listOk({ search: term, creator_id: performer.user.id })).data, term).toEqual([]);
    }
  });

  it('treats % and _ as literal characters', async () => {
    const token = `act${Date.now()}`;
    await performerWith([
      { name: `50% ${token}` },
      { name: `500 ${token}` },
      { name: `x_y ${token}` },
      { name: `xzy ${token}` },
    ]);
    expect(names(await listOk({ search: `50% ${token}` }))).toEqual([`50% ${token}`]);
    expect(names(await listOk({ search: `x_y ${token}` }))).toEqual([`x_y ${token}`]);
    expect(names(await listOk({ search: `_ ${token}`, order_by: 'name' }))).toEqual([]);
  });
});

describe('GET /v1/acts: filters', () => {
  it('filters by genre (type)', async () => {
    const { owner: performer } = await performerWith([
      { name: 'Funky 1', type: 'funk' },
      { name: 'Folky', type: 'folk' },
      { name: 'Funky 2', type: 'funk' },
    ]);
    expect(names(await listOk({ type: 'funk', creator_id: performer.user.id, order_by: 'name' }))).toEqual([
      'Funky 1',
      'Funky 2',
    ]);
    expect((await listOk({ type: 'kids', creator_id: performer.user.id })).data).toEqual([]);
  });

  it('filters by preferred slot (s_preferred_slots__ilike), exactly', async () => {
    const { owner: performer } = await performerWith([
      { name: 'Early', preferred_slots: ['Slot 1'] },
      { name: 'Both', preferred_slots: ['Slot 1', 'Slot 4'] },
      { name: 'Late', preferred_slots: ['Slot 4'] },
    ]);
    const scope = { creator_id: performer.user.id, order_by: 'name' };
    expect(names(await listOk({ ...scope, s_preferred_slots__ilike: 'Slot 1' }))).toEqual(['Both', 'Early']);
    expect(names(await listOk({ ...scope, s_preferred_slots__ilike: 'Slot 4' }))).toEqual(['Both', 'Late']);
    expect(names(await listOk({ ...scope, s_preferred_slots__ilike: 'Slot 2' }))).toEqual([]);
  });

  it('filters by the slot an act is scheduled to play (scheduled_slot), not the one it prefers', async () => {
    const { owner: performer, ids } = await performerWith([
      { name: 'Plays Two', preferred_slots: ['Slot 1'] },
      { name: 'Plays Two And Four', preferred_slots: ['Slot 1'] },
      { name: 'Prefers Two', preferred_slots: ['Slot 2'] },
    ]);
    const [two, twoAndFour] = ids;
    const first = await buildVenue(t.app, host, { slots: ['Slot 2', 'Slot 4'] });
    const second = await buildVenue(t.app, host, { slots: ['Slot 2'] });
    await scheduleAct(t.app, first, 'Slot 2', two!);
    await scheduleAct(t.app, second, 'Slot 2', twoAndFour!);
    await scheduleAct(t.app, first, 'Slot 4', twoAndFour!);
    const scope = { creator_id: performer.user.id, order_by: 'name', include_total: true };
    const atTwo = await listOk({ ...scope, scheduled_slot: 'Slot 2' });
    expect(names(atTwo)).toEqual(['Plays Two', 'Plays Two And Four']);
    expect(atTwo.total).toBe(2);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 4' }))).toEqual(['Plays Two And Four']);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 1' }))).toEqual([]);
    // Combined with the preferred slot: both must hold.
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 2', s_preferred_slots__ilike: 'Slot 2' }))).toEqual([]);
  });

  it('keeps a page per "Plays at" slot, and a schedule change reaches the kept pages', async () => {
    const { owner: performer, ids } = await performerWith([{ name: 'Moves' }]);
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1', 'Slot 3'] });
    await scheduleAct(t.app, venue, 'Slot 1', ids[0]!);
    const scope = { creator_id: performer.user.id };
    // The same query without the filter, then with each slot: each answer is its own.
    expect(names(await listOk(scope))).toEqual(['Moves']);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 1' }))).toEqual(['Moves']);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 3' }))).toEqual([]);
    await scheduleAct(t.app, venue, 'Slot 1', null);
    await scheduleAct(t.app, venue, 'Slot 3', ids[0]!);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 1' }))).toEqual([]);
    expect(names(await listOk({ ...scope, scheduled_slot: 'Slot 3' }))).toEqual(['Moves']);
  });

  it('filters by creator_id', async () => {
    const a = await performerWith([{ name: 'Mine' }]);
    const b = await performerWith([{ name: 'Theirs' }]);
    expect(names(await listOk({ creator_id: a.owner.user.id }))).toEqual(['Mine']);
    expect(names(await listOk({ creator_id: b.owner.user.id }))).toEqual(['Theirs']);
  });

  it('combines search and filters, and counts the matches', async () => {
    const { owner: performer } = await performerWith([
      { name: 'Combo Rock Early', type: 'rock', preferred_slots: ['Slot 2'] },
      { name: 'Combo Rock Late', type: 'rock', preferred_slots: ['Slot 3'] },
      { name: 'Combo Pop Early', type: 'pop', preferred_slots: ['Slot 2'] },
    ]);
    const found = await listOk({
      search: 'combo',
      type: 'rock',
      s_preferred_slots__ilike: 'Slot 2',
      creator_id: performer.user.id,
      include_total: true,
    });
    expect(found).toMatchObject({ total: 1 });
    expect(names(found)).toEqual(['Combo Rock Early']);
  });

  it('carries each act’s scheduled venue slots in the list', async () => {
    const { owner: performer, ids } = await performerWith([{ name: 'Booked' }, { name: 'Free' }]);
    const venueId = await buildVenue(t.app, host, { address: '7 Booked Blvd', slots: ['Slot 2'] });
    await scheduleAct(t.app, venueId, 'Slot 2', ids[0]!);
    const found = await listOk({ creator_id: performer.user.id, order_by: 'name' });
    expect(found.data.map((a) => [a.name, a.scheduled_venue_slots])).toEqual([
      ['Booked', [{ slot_def: 'Slot 2', venue: { id: venueId, address: '7 Booked Blvd' } }]],
      ['Free', []],
    ]);
  });

  it.each([
    ['an unknown genre', { type: 'polka' }, 'type'],
    ['an unknown slot', { s_preferred_slots__ilike: 'Slot%' }, 's_preferred_slots__ilike'],
    ['an unknown "Plays at" slot', { scheduled_slot: 'Slot 5' }, 'scheduled_slot'],
    ['an empty "Plays at" slot', { scheduled_slot: '' }, 'scheduled_slot'],
    ['an order outside the allowlist', { order_by: 'address' }, 'order_by'],
    ['limit over 100', { limit: 1000 }, 'limit'],
    ['offset not a number', { offset: 'first' }, 'offset'],
  ])('answers 400 for %s', async (_label, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });
});

describe('GET /v1/acts: paging, total and order', () => {
  it('pages newest update first by default, with the total only when asked, in every allowed order', async () => {
    const start = t.clock.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const { owner: performer } = await performerWith([
      { name: 'Charlie', at: at(1) },
      { name: 'alpha', at: at(2) },
      { name: 'Echo', at: at(3) },
      { name: 'Bravo', at: at(4) },
    ]);
    const scope = { creator_id: performer.user.id };
    expect(names(await listOk(scope))).toEqual(['Bravo', 'Echo', 'alpha', 'Charlie']);
    expect(await listOk({ ...scope, offset: 1, limit: 2, include_total: true })).toMatchObject({ total: 4 });
    expect(names(await listOk({ ...scope, offset: 1, limit: 2 }))).toEqual(['Echo', 'alpha']);
    expect(await listOk({ ...scope, limit: 2 })).not.toHaveProperty('total');
    expect(names(await listOk({ ...scope, order_by: 'updated_time' }))).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
    expect(names(await listOk({ ...scope, order_by: 'created_time' }))).toEqual(['Charlie', 'alpha', 'Echo', 'Bravo']);
    expect(names(await listOk({ ...scope, order_by: '-created_time' }))).toEqual(['Bravo', 'Echo', 'alpha', 'Charlie']);
    const byName = names(await listOk({ ...scope, order_by: 'name' }));
    expect(names(await listOk({ ...scope, order_by: '-name' }))).toEqual([...byName].reverse());
    expect(byName.indexOf('Bravo')).toBeLessThan(byName.indexOf('Charlie'));
    expect(byName.indexOf('Charlie')).toBeLessThan(byName.indexOf('Echo'));
  });

  it('shows creator e-mail and roles in the list to admins only', async () => {
    const { owner: performer } = await performerWith([{}]);
    const scope = { creator_id: performer.user.id };
    expect((await listOk(scope)).data[0]!.creator).toEqual({ name: performer.user.name });
    expect((await listOk(scope, host.auth)).data[0]!.creator).toEqual({ name: performer.user.name });
    expect((await listOk(scope, admin.auth)).data[0]!.creator).toEqual({
      name: performer.user.name,
      email: performer.user.email,
      roles: ['performer'],
    });
  });
});
