import { describe, expect, it } from 'vitest';
import type { Venue, VenueListResponse } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer } from '../../test/builders.js';
import { buildOwnerWith, buildAct, buildVenue, scheduleAct, type VenueTraits } from '../../test/catalogue-builders.js';
import { listRequests } from '../../test/requests.js';

const {
  t,
  people: { performer, admin },
} = useTestApp({ performer: buildPerformer, admin: buildAdmin });

const { list, listOk } = listRequests<VenueListResponse>(t, '/v1/venues');

const addresses = (r: VenueListResponse) => r.data.map((v: Venue) => v.address);

const hostWith = (venues: VenueTraits[]) => buildOwnerWith(t.app, buildHost, buildVenue, venues);

describe('GET /v1/venues: search', () => {
  it('matches the address and the visible text of the bio, ignoring case', async () => {
    const { owner: host } = await hostWith([
      { address: '1 Quillfeather Lane', bio: '<p>plain</p>' },
      { address: '2 Birch Road', bio: '<p>Near the <strong>QUILLFEATHER</strong> oak</p>' },
      { address: '3 Birch Road', bio: '<p>nothing here</p>' },
    ]);
    const found = await listOk({ search: 'quillFeather', creator_id: host.user.id, order_by: 'address' });
    expect(addresses(found)).toEqual(['1 Quillfeather Lane', '2 Birch Road']);
  });

  it('ignores case beyond ASCII', async () => {
    const { owner: host } = await hostWith([{ address: '5 Rue de l’École' }, { address: '6 Main Street' }]);
    expect(addresses(await listOk({ search: 'ÉCOLE', creator_id: host.user.id }))).toEqual(['5 Rue de l’École']);
  });

  it('does not match markup: tag, attribute and style names are not text', async () => {
    const { owner: host } = await hostWith([
      { bio: '<p><strong style="color:#e60000">loud</strong> <a href="https://example.org">site</a></p>' },
    ]);
    for (const term of ['strong', 'color', 'e60000', 'href', 'example.org', 'noopener']) {
      expect((await listOk({ search: term, creator_id: host.user.id })).data, term).toEqual([]);
    }
    expect((await listOk({ search: 'loud site', creator_id: host.user.id })).data).toHaveLength(1);
  });

  it('matches text written with entities as the reader sees it', async () => {
    const { owner: host } = await hostWith([{ bio: '<p>Rock &amp; Roll &lt;live&gt;</p>' }]);
    expect((await listOk({ search: 'rock & roll <live>', creator_id: host.user.id })).data).toHaveLength(1);
    expect((await listOk({ search: 'amp;', creator_id: host.user.id })).data).toHaveLength(0);
  });

  it('treats % and _ and \\ as literal characters', async () => {
    const token = `lit${Date.now()}`;
    await hostWith([
      { address: `100% ${token} Porch` },
      { address: `1000 ${token} Porch` },
      { address: `a_b ${token}` },
      { address: `axb ${token}` },
      { address: `back\\slash ${token}` },
      { address: `backslash ${token}` },
    ]);
    expect(addresses(await listOk({ search: `100% ${token}` }))).toEqual([`100% ${token} Porch`]);
    expect(addresses(await listOk({ search: '%' }))).toEqual([`100% ${token} Porch`]);
    expect(addresses(await listOk({ search: `a_b ${token}` }))).toEqual([`a_b ${token}`]);
    expect(addresses(await listOk({ search: `k\\s` }))).toEqual([`back\\slash ${token}`]);
  });

  it('ignores an empty search and refuses one over 200 characters', async () => {
    const { owner: host } = await hostWith([{}, {}]);
    expect((await listOk({ search: '   ', creator_id: host.user.id })).data).toHaveLength(2);
    const res = await list({ search: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.search).toBe('Must be at most 200 characters');
  });
});

describe('GET /v1/venues: filters', () => {
  it('filters by a preferred genre (s_preferred_act_types__ilike), exactly', async () => {
    const { owner: host } = await hostWith([
      { address: 'A', genres: ['jazz', 'folk'] },
      { address: 'B', genres: ['folk'] },
      { address: 'C', genres: ['punk', 'jazz'] },
    ]);
    const found = await listOk({ s_preferred_act_types__ilike: 'jazz', creator_id: host.user.id, order_by: 'address' });
    expect(addresses(found)).toEqual(['A', 'C']);
    expect((await listOk({ s_preferred_act_types__ilike: 'hiphop', creator_id: host.user.id })).data).toEqual([]);
  });

  it('filters by slot: offered and free, offered and taken, or offered', async () => {
    const { owner: host, ids } = await hostWith([
      { address: 'Free', slots: ['Slot 1', 'Slot 2'] },
      { address: 'Taken', slots: ['Slot 1'] },
      { address: 'Not offered', slots: ['Slot 3'] },
    ]);
    const actId = await buildAct(t.app, performer);
    await scheduleAct(t.app, ids[1]!, 'Slot 1', actId);
    const scope = { creator_id: host.user.id, order_by: 'address' };
    const slot1 = { ...scope, available_slots__slot_def: 'Slot 1' };
    expect(addresses(await listOk({ ...slot1, available_slots__available_to_schedule: true }))).toEqual(['Free']);
    expect(addresses(await listOk({ ...slot1, available_slots__available_to_schedule: false }))).toEqual(['Taken']);
    expect(addresses(await listOk(slot1))).toEqual(['Free', 'Taken']);
    expect(addresses(await listOk({ ...scope, available_slots__slot_def: 'Slot 4' }))).toEqual([]);
    // Without a slot: any slot free, or any slot taken.
    expect(addresses(await listOk({ ...scope, available_slots__available_to_schedule: true }))).toEqual([
      'Free',
      'Not offered',
    ]);
    expect(addresses(await listOk({ ...scope, available_slots__available_to_schedule: false }))).toEqual(['Taken']);
  });

  it('filters by creator_id', async () => {
    const a = await hostWith([{ address: 'Mine 1' }, { address: 'Mine 2' }]);
    const b = await hostWith([{ address: 'Theirs' }]);
    expect(addresses(await listOk({ creator_id: a.owner.user.id, order_by: 'address' }))).toEqual(['Mine 1', 'Mine 2']);
    expect(addresses(await listOk({ creator_id: b.owner.user.id }))).toEqual(['Theirs']);
    expect((await listOk({ creator_id: 987654 })).data).toEqual([]);
  });

  it('combines search and filters', async () => {
    const { owner: host } = await hostWith([
      { address: 'Combo Jazz Free', genres: ['jazz'], slots: ['Slot 2'] },
      { address: 'Combo Jazz Other Slot', genres: ['jazz'], slots: ['Slot 3'] },
      { address: 'Combo Folk Free', genres: ['folk'], slots: ['Slot 2'] },
      { address: 'Elsewhere Jazz Free', genres: ['jazz'], slots: ['Slot 2'] },
    ]);
    const found = await listOk({
      search: 'combo',
      s_preferred_act_types__ilike: 'jazz',
      available_slots__slot_def: 'Slot 2',
      available_slots__available_to_schedule: true,
      creator_id: host.user.id,
      include_total: true,
    });
    expect(addresses(found)).toEqual(['Combo Jazz Free']);
    expect(found.total).toBe(1);
  });

  it.each([
    ['an unknown genre', { s_preferred_act_types__ilike: 'polka' }, 's_preferred_act_types__ilike'],
    ['an unknown slot', { available_slots__slot_def: 'Slot 9' }, 'available_slots__slot_def'],
    [
      'availability not a boolean',
      { available_slots__available_to_schedule: 'maybe' },
      'available_slots__available_to_schedule',
    ],
    ['a creator id that is not a number', { creator_id: 'me' }, 'creator_id'],
  ])('answers 400 for %s', async (_label, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });
});

describe('GET /v1/venues: paging, total and order', () => {
  it('pages newest update first by default, with the total only when asked', async () => {
    const start = t.clock.now().getTime();
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    const { owner: host } = await hostWith([
      { address: 'C first', at: at(1) },
      { address: 'A second', at: at(2) },
      { address: 'E third', at: at(3) },
      { address: 'B fourth', at: at(4) },
      { address: 'D fifth', at: at(5) },
    ]);
    const scope = { creator_id: host.user.id };
    expect(addresses(await listOk(scope))).toEqual(['D fifth', 'B fourth', 'E third', 'A second', 'C first']);
    const page = await listOk({ ...scope, offset: 2, limit: 2, include_total: true });
    expect(addresses(page)).toEqual(['E third', 'A second']);
    expect(page.total).toBe(5);
    const last = await listOk({ ...scope, offset: 4, limit: 2, include_total: true });
    expect(addresses(last)).toEqual(['C first']);
    expect(last.total).toBe(5);
    expect(await listOk({ ...scope, offset: 10, include_total: true })).toEqual({ data: [], total: 5 });
    expect(await listOk({ ...scope, limit: 1 })).not.toHaveProperty('total');
    expect(await listOk({ ...scope, include_total: false })).not.toHaveProperty('total');

    expect(addresses(await listOk({ ...scope, order_by: 'updated_time' }))).toEqual([
      'C first',
      'A second',
      'E third',
      'B fourth',
      'D fifth',
    ]);
    expect(addresses(await listOk({ ...scope, order_by: 'address' }))).toEqual([
      'A second',
      'B fourth',
      'C first',
      'D fifth',
      'E third',
    ]);
    expect(addresses(await listOk({ ...scope, order_by: '-address' }))).toEqual([
      'E third',
      'D fifth',
      'C first',
      'B fourth',
      'A second',
    ]);
    expect(addresses(await listOk({ ...scope, order_by: 'created_time' }))).toEqual([
      'C first',
      'A second',
      'E third',
      'B fourth',
      'D fifth',
    ]);
    expect(addresses(await listOk({ ...scope, order_by: '-created_time' }))).toEqual([
      'D fifth',
      'B fourth',
      'E third',
      'A second',
      'C first',
    ]);
  });

  it('counts every match of a search, on every page and past the last one', async () => {
    const token = `paged${Date.now()}`;
    const { owner: host } = await hostWith([
      { address: `1 ${token}` },
      { address: `2 ${token}` },
      { address: `3 ${token}` },
      { address: '4 Other' },
    ]);
    const scope = { search: token, creator_id: host.user.id, include_total: true, order_by: 'address' };
    expect(await listOk({ ...scope, limit: 2 })).toMatchObject({ total: 3 });
    expect(addresses(await listOk({ ...scope, limit: 2, offset: 2 }))).toEqual([`3 ${token}`]);
    expect(await listOk({ ...scope, limit: 2, offset: 2 })).toMatchObject({ total: 3 });
    expect(await listOk({ ...scope, offset: 3 })).toEqual({ data: [], total: 3 });
  });

  it('puts a venue just edited first, while its creation time keeps its place', async () => {
    const start = t.clock.now().getTime();
    const { owner: host, ids } = await hostWith([
      { address: 'Old', at: new Date(start + 60_000) },
      { address: 'New', at: new Date(start + 120_000) },
    ]);
    t.clock.advanceMinutes(10);
    const venue = (await t.app.inject({ method: 'GET', url: `/v1/venues/${ids[0]}` })).json<Venue>();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/v1/venues/${ids[0]}/no_slots`,
      headers: host.auth,
      payload: { ...venue, bio: '<p>edited</p>' },
    });
    expect(res.statusCode).toBe(200);
    const scope = { creator_id: host.user.id };
    expect(addresses(await listOk(scope))).toEqual(['Old', 'New']);
    expect(addresses(await listOk({ ...scope, order_by: '-created_time' }))).toEqual(['New', 'Old']);
  });

  it('keeps a stable order for venues written at the same moment', async () => {
    const { owner: host } = await hostWith([{ address: 'Same 1' }, { address: 'Same 2' }, { address: 'Same 3' }]);
    const scope = { creator_id: host.user.id, limit: 1 };
    const pages = [];
    for (let offset = 0; offset < 3; offset++) pages.push(...addresses(await listOk({ ...scope, offset })));
    expect(pages.sort()).toEqual(['Same 1', 'Same 2', 'Same 3']);
  });

  it.each([
    ['limit over 100', { limit: 101 }, 'limit'],
    ['limit 0', { limit: 0 }, 'limit'],
    ['a negative offset', { offset: -1 }, 'offset'],
    ['an order outside the allowlist', { order_by: 'bio' }, 'order_by'],
    ['an injected order', { order_by: 'id; DROP TABLE venues' }, 'order_by'],
    ['include_total not a boolean', { include_total: 'yes' }, 'include_total'],
  ])('answers 400 for %s', async (_label, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
  });

  it('shows creator e-mail and roles in the list to admins only', async () => {
    const { owner: host } = await hostWith([{}]);
    const scope = { creator_id: host.user.id };
    expect((await listOk(scope)).data[0]!.creator).toEqual({ name: host.user.name });
    expect((await listOk(scope, performer.auth)).data[0]!.creator).toEqual({ name: host.user.name });
    expect((await listOk(scope, admin.auth)).data[0]!.creator).toEqual({
      name: host.user.name,
      email: host.user.email,
      roles: ['host'],
    });
  });
});
