import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../../contract/forms.js';
import { RICH_TEXT_TOO_LONG } from '../../../contract/rich-text.js';
import { VenueMessages, type Venue } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser } from '../../test/builders.js';
import { buildAct, buildVenue, scheduleAct, venueBody } from '../../test/catalogue-builders.js';
import { countRows, itemRequests, type Headers } from '../../test/requests.js';

const {
  t,
  people: { owner, otherHost, performer, admin, noRole },
} = useTestApp({
  owner: (app) => buildHost(app, { name: 'Olive Owner' }),
  otherHost: buildHost,
  performer: buildPerformer,
  admin: buildAdmin,
  noRole: buildUser,
});

const anonymous: Headers = {};

const { post, remove, get, snapshot } = itemRequests<Venue>(t, '/v1/venues', admin);
const patch = (id: number, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/v1/venues/${id}/no_slots`, headers, payload });
const venueCount = () => countRows(t, 'venues');

/** Who may not change or delete the owner's venue, and the status each is answered with. */
const notTheOwner: Array<[string, () => Headers, number]> = [
  ['anonymous', () => anonymous, 401],
  ['another host', () => otherHost.auth, 403],
  ['a performer', () => performer.auth, 403],
];

describe('POST /v1/venues', () => {
  it('lets a host create a venue with its slots, genres and a derived map link', async () => {
    const res = await post(owner.auth, venueBody({ address: '12 Elm Street, Apt #3' }));
    expect(res.statusCode).toBe(201);
    const venue = res.json<Venue>();
    expect(venue).toMatchObject({
      address: '12 Elm Street, Apt #3',
      address_url:
        'https://www.google.com/maps/search/?api=1&query=12%20Elm%20Street%2C%20Apt%20%233%2C%20Ithaca%2C%20NY',
      bio: '<p>A shady porch with <strong>room for a band</strong>.</p>',
      creator_id: owner.user.id,
      creator: { name: 'Olive Owner' },
      preferred_act_types: ['folk', 'jazz'],
      size_pref: 'any',
      provide_electric: 'yes',
      provide_sound_system: 'no',
      rain_date_available: true,
      created_time: '2025-05-01T12:00:00.000Z',
      updated_time: '2025-05-01T12:00:00.000Z',
    });
    expect(venue.creator).not.toHaveProperty('email');
    expect(venue.available_slots.map((s) => [s.slot_def, s.scheduled_act])).toEqual([
      ['Slot 1', null],
      ['Slot 3', null],
    ]);
    expect((await get(venue.id)).json()).toEqual(venue);
  });

  it('lets an admin create a venue, and shows an admin the creator details', async () => {
    const res = await post(admin.auth, venueBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().creator).toEqual({ name: admin.user.name, email: admin.user.email, roles: ['admin'] });
  });

  it('lets someone who is both host and performer create one', async () => {
    const both = await buildUser(t.app, { host: true, performer: true });
    expect((await post(both.auth, venueBody())).statusCode).toBe(201);
  });

  it.each([
    ['anonymous', () => anonymous, 401],
    ['a performer', () => performer.auth, 403],
    ['a forged token', () => ({ authorization: 'Bearer not-a-token' }), 401],
    ['a user with no role', () => noRole.auth, 403],
  ])('refuses %s and stores nothing', async (_label, headers, status) => {
    const before = await venueCount();
    const res = await post(headers(), venueBody());
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(status === 401 ? 'unauthenticated' : 'forbidden');
    expect(await venueCount()).toBe(before);
  });

  it('refuses an anonymous request before looking at the body', async () => {
    expect((await post(anonymous, {})).statusCode).toBe(401);
  });

  it.each([
    ['address missing', { address: undefined }, 'address', REQUIRED],
    ['address blank', { address: '   ' }, 'address', REQUIRED],
    ['address too long', { address: 'x'.repeat(201) }, 'address', 'Must be at most 200 characters'],
    ['bio missing', { bio: undefined }, 'bio', REQUIRED],
    ['bio an empty editor', { bio: '<p><br></p>' }, 'bio', REQUIRED],
    ['bio only markup that is removed', { bio: '<script>alert(1)</script>' }, 'bio', REQUIRED],
    ['bio over 1500 characters', { bio: `<p>${'x'.repeat(1501)}</p>` }, 'bio', RICH_TEXT_TOO_LONG],
    ['rain date missing', { rain_date_available: undefined }, 'rain_date_available', REQUIRED],
    ['no genres', { preferred_act_types: [] }, 'preferred_act_types', VenueMessages.genreRequired],
    ['genres missing', { preferred_act_types: undefined }, 'preferred_act_types', VenueMessages.genreRequired],
    ['size missing', { size_pref: '' }, 'size_pref', REQUIRED],
    ['electricity missing', { provide_electric: undefined }, 'provide_electric', REQUIRED],
    ['sound system missing', { provide_sound_system: null }, 'provide_sound_system', REQUIRED],
    ['no slots', { available_slots: [] }, 'available_slots', VenueMessages.slotRequired],
    ['slots missing', { available_slots: undefined }, 'available_slots', VenueMessages.slotRequired],
  ])('answers 400 naming the field when %s', async (_label, change, field, message) => {
    const before = await venueCount();
    const res = await post(owner.auth, venueBody(change));
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.fields[field]).toBe(message);
    expect(await venueCount()).toBe(before);
  });

  it.each([
    ['an unknown genre', { preferred_act_types: ['polka'] }, 'preferred_act_types.0'],
    ['an unknown size', { size_pref: 'huge' }, 'size_pref'],
    ['an unknown slot', { available_slots: [{ slot_def: 'Slot 5' }] }, 'available_slots.0.slot_def'],
    ['a slot twice', { available_slots: [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 1' }] }, 'available_slots'],
    ['electricity as a boolean', { provide_electric: true }, 'provide_electric'],
    ['rain date as a string', { rain_date_available: 'yes' }, 'rain_date_available'],
  ])('answers 400 for %s', async (_label, change, field) => {
    const res = await post(owner.auth, venueBody(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('stores a genre listed twice once', async () => {
    const res = await post(owner.auth, venueBody({ preferred_act_types: ['jazz', 'folk', 'jazz'] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().preferred_act_types).toEqual(['folk', 'jazz']);
  });
});

describe('GET /v1/venues/{id}', () => {
  it('shows each slot as free or with the act scheduled in it', async () => {
    const id = await buildVenue(t.app, owner, { slots: ['Slot 2', 'Slot 1', 'Slot 4'] });
    const actId = await buildAct(t.app, performer, { name: 'Porch Pickers', preferred_slots: ['Slot 2'] });
    await scheduleAct(t.app, id, 'Slot 2', actId);
    const venue = (await get(id)).json<Venue>();
    expect(venue.available_slots.map((s) => [s.slot_def, s.scheduled_act])).toEqual([
      ['Slot 1', null],
      ['Slot 2', { id: actId, name: 'Porch Pickers' }],
      ['Slot 4', null],
    ]);
  });

  it('shows the creator name to everyone but e-mail and roles only to admins', async () => {
    const id = await buildVenue(t.app, owner);
    for (const viewer of [anonymous, owner.auth, otherHost.auth, performer.auth]) {
      expect((await get(id, viewer)).json().creator).toEqual({ name: 'Olive Owner' });
    }
    expect((await get(id, admin.auth)).json().creator).toEqual({
      name: 'Olive Owner',
      email: owner.user.email,
      roles: ['host'],
    });
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    const missing = await get(987654);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
    const bad = await get('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('PATCH /v1/venues/{id}/no_slots', () => {
  const edited = {
    address: '99 Oak Avenue',
    bio: '<h2>New</h2><p>Bigger porch</p>',
    preferred_act_types: ['rock'],
    size_pref: 'four_plus',
    provide_electric: 'no',
    provide_sound_system: 'yes',
    rain_date_available: false,
  };
  const edit = venueBody({ ...edited, available_slots: [{ slot_def: 'Slot 4' }] });

  it('lets the owner change every field but leaves the slots alone', async () => {
    const id = await buildVenue(t.app, owner, { slots: ['Slot 1', 'Slot 2'], genres: ['folk', 'jazz'] });
    const before = (await snapshot(id))!;
    t.clock.advanceMinutes(5);
    const res = await patch(id, owner.auth, edit);
    expect(res.statusCode).toBe(200);
    const venue = res.json<Venue>();
    expect(venue).toMatchObject({
      ...edited,
      address_url: 'https://www.google.com/maps/search/?api=1&query=99%20Oak%20Avenue%2C%20Ithaca%2C%20NY',
      created_time: before.created_time,
    });
    expect(venue.updated_time).not.toBe(before.updated_time);
    expect(venue.available_slots).toEqual(before.available_slots);
    expect((await get(id)).json()).toMatchObject({ address: '99 Oak Avenue', preferred_act_types: ['rock'] });
  });

  it('lets an admin edit any venue', async () => {
    const id = await buildVenue(t.app, owner);
    const res = await patch(id, admin.auth, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe('99 Oak Avenue');
    expect(res.json().creator_id).toBe(owner.user.id);
  });

  it.each(notTheOwner)('refuses %s and changes nothing', async (_label, headers, status) => {
    const id = await buildVenue(t.app, owner);
    const before = await snapshot(id);
    const res = await patch(id, headers(), edit);
    expect(res.statusCode).toBe(status);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 404 for an unknown venue', async () => {
    expect((await patch(987654, owner.auth, edit)).statusCode).toBe(404);
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const id = await buildVenue(t.app, owner);
    const before = await snapshot(id);
    const res = await patch(id, owner.auth, { ...edit, bio: '<p><br></p>', preferred_act_types: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ bio: REQUIRED, preferred_act_types: VenueMessages.genreRequired });
    expect(await snapshot(id)).toEqual(before);
  });

  it('does not need slots in the body', async () => {
    const id = await buildVenue(t.app, owner);
    const { available_slots: _ignored, ...withoutSlots } = edit;
    expect((await patch(id, owner.auth, withoutSlots)).statusCode).toBe(200);
  });
});

describe('DELETE /v1/venues/{id}', () => {
  it('lets the owner delete a venue with its slots and genres', async () => {
    const id = await buildVenue(t.app, owner);
    const res = await remove(id, owner.auth);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(id)).statusCode).toBe(404);
    const db = t.app.deps.db.kysely;
    expect(await db.selectFrom('venue_slots').selectAll().where('venue_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('venue_genres').selectAll().where('venue_id', '=', id).execute()).toEqual([]);
  });

  it('lets an admin delete any venue', async () => {
    const id = await buildVenue(t.app, owner);
    expect((await remove(id, admin.auth)).statusCode).toBe(204);
    expect(await snapshot(id)).toBeNull();
  });

  it('keeps the act that was scheduled there', async () => {
    const id = await buildVenue(t.app, owner, { slots: ['Slot 1'] });
    const actId = await buildAct(t.app, performer);
    await scheduleAct(t.app, id, 'Slot 1', actId);
    expect((await remove(id, owner.auth)).statusCode).toBe(204);
    const act = await t.app.inject({ method: 'GET', url: `/v1/acts/${actId}` });
    expect(act.statusCode).toBe(200);
    expect(act.json().scheduled_venue_slots).toEqual([]);
  });

  it.each(notTheOwner)('refuses %s and keeps the venue', async (_label, headers, status) => {
    const id = await buildVenue(t.app, owner);
    const before = await snapshot(id);
    expect((await remove(id, headers())).statusCode).toBe(status);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 404 for an unknown venue, and for one already deleted', async () => {
    const id = await buildVenue(t.app, owner);
    expect((await remove(id, owner.auth)).statusCode).toBe(204);
    expect((await remove(id, owner.auth)).statusCode).toBe(404);
    expect((await remove(987654, admin.auth)).statusCode).toBe(404);
  });
});
