import { describe, expect, it } from 'vitest';
import { ActMessages, type Act } from '../../../contract/acts.js';
import { REQUIRED } from '../../../contract/forms.js';
import { RICH_TEXT_TOO_LONG } from '../../../contract/rich-text.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser } from '../../test/builders.js';
import { actBody, buildAct, buildVenue, scheduleAct } from '../../test/catalogue-builders.js';
import { countRows, itemRequests, type Headers } from '../../test/requests.js';

const {
  t,
  people: { owner, otherPerformer, host, admin, noRole },
} = useTestApp({
  owner: (app) => buildPerformer(app, { name: 'Pat Performer' }),
  otherPerformer: buildPerformer,
  host: buildHost,
  admin: buildAdmin,
  noRole: buildUser,
});

const anonymous: Headers = {};

const { post, remove, get, snapshot } = itemRequests<Act>(t, '/v1/acts', admin);
const patch = (id: number, headers: Headers, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/v1/acts/${id}`, headers, payload });
const actCount = () => countRows(t, 'acts');

/** Who may not change or delete the owner's act, and the status each is answered with. */
const notTheOwner: Array<[string, () => Headers, number]> = [
  ['anonymous', () => anonymous, 401],
  ['another performer', () => otherPerformer.auth, 403],
  ['a host', () => host.auth, 403],
];

describe('POST /v1/acts', () => {
  it('lets a performer create an act', async () => {
    const res = await post(owner.auth, actBody());
    expect(res.statusCode).toBe(201);
    const act = res.json<Act>();
    expect(act).toEqual({
      id: expect.any(Number),
      name: 'The Stoop Sisters',
      bio: '<p>Three-part <em>harmony</em> from the front steps.</p>',
      creator_id: owner.user.id,
      creator: { name: 'Pat Performer' },
      type: 'bluegrass',
      size: 'one_to_three',
      preferred_slots: ['Slot 2', 'Slot 4'],
      venue_pref: 'Somewhere with shade',
      sound_system: 'dont_need',
      rain_date_available: false,
      scheduled_venue_slots: [],
      created_time: '2025-05-01T12:00:00.000Z',
      updated_time: '2025-05-01T12:00:00.000Z',
    });
    expect((await get(act.id)).json()).toEqual(act);
  });

  it('defaults the genre to americana and an empty venue preference to null', async () => {
    const res = await post(owner.auth, actBody({ type: undefined, venue_pref: '   ' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'americana', venue_pref: null });
  });

  it('lets an admin create an act, and shows an admin the creator details', async () => {
    const res = await post(admin.auth, actBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().creator).toEqual({ name: admin.user.name, email: admin.user.email, roles: ['admin'] });
  });

  it.each([
    ['anonymous', () => anonymous, 401],
    ['a forged token', () => ({ authorization: 'Bearer forged' }), 401],
    ['a host', () => host.auth, 403],
    ['a user with no role', () => noRole.auth, 403],
  ])('refuses %s and stores nothing', async (_label, headers, status) => {
    const before = await actCount();
    expect((await post(headers(), actBody())).statusCode).toBe(status);
    expect(await actCount()).toBe(before);
  });

  it.each([
    ['name missing', { name: undefined }, 'name', REQUIRED],
    ['name blank', { name: ' ' }, 'name', REQUIRED],
    ['name too long', { name: 'n'.repeat(101) }, 'name', 'Must be at most 100 characters'],
    ['bio an empty editor', { bio: '<p><br></p>' }, 'bio', REQUIRED],
    ['bio missing', { bio: undefined }, 'bio', REQUIRED],
    ['bio over 1500 characters', { bio: `<p>${'é'.repeat(1501)}</p>` }, 'bio', RICH_TEXT_TOO_LONG],
    ['size missing', { size: undefined }, 'size', REQUIRED],
    ['sound system missing', { sound_system: '' }, 'sound_system', REQUIRED],
    ['no preferred slot', { preferred_slots: [] }, 'preferred_slots', ActMessages.slotRequired],
    ['preferred slots missing', { preferred_slots: undefined }, 'preferred_slots', ActMessages.slotRequired],
    ['rain date missing', { rain_date_available: undefined }, 'rain_date_available', REQUIRED],
    ['venue preference too long', { venue_pref: 'v'.repeat(501) }, 'venue_pref', 'Must be at most 500 characters'],
  ])('answers 400 naming the field when %s', async (_label, change, field, message) => {
    const before = await actCount();
    const res = await post(owner.auth, actBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await actCount()).toBe(before);
  });

  it.each([
    ['an unknown genre', { type: 'polka' }, 'type'],
    ['an unknown size', { size: 'any' }, 'size'],
    ['an unknown slot', { preferred_slots: ['Slot 0'] }, 'preferred_slots.0'],
    ['an unknown sound system', { sound_system: 'yes' }, 'sound_system'],
  ])('answers 400 for %s', async (_label, change, field) => {
    const res = await post(owner.auth, actBody(change));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
  });

  it('stores a preferred slot listed twice once', async () => {
    const res = await post(owner.auth, actBody({ preferred_slots: ['Slot 3', 'Slot 1', 'Slot 3'] }));
    expect(res.json().preferred_slots).toEqual(['Slot 1', 'Slot 3']);
  });
});

describe('GET /v1/acts/{id}', () => {
  it('shows where the act is scheduled, each slot with its venue', async () => {
    const actId = await buildAct(t.app, owner, { preferred_slots: ['Slot 1', 'Slot 3'] });
    const first = await buildVenue(t.app, host, { address: '1 First St', slots: ['Slot 3'] });
    const second = await buildVenue(t.app, host, { address: '2 Second St', slots: ['Slot 1'] });
    await scheduleAct(t.app, first, 'Slot 3', actId);
    await scheduleAct(t.app, second, 'Slot 1', actId);
    expect((await get(actId)).json().scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 1', venue: { id: second, address: '2 Second St' } },
      { slot_def: 'Slot 3', venue: { id: first, address: '1 First St' } },
    ]);
  });

  it('shows the creator name to everyone but e-mail and roles only to admins', async () => {
    const id = await buildAct(t.app, owner);
    for (const viewer of [anonymous, owner.auth, host.auth, otherPerformer.auth]) {
      expect((await get(id, viewer)).json().creator).toEqual({ name: 'Pat Performer' });
    }
    expect((await get(id, admin.auth)).json().creator).toEqual({
      name: 'Pat Performer',
      email: owner.user.email,
      roles: ['performer'],
    });
  });

  it('answers 404 for an unknown id and 400 for a bad one', async () => {
    expect((await get(987654)).statusCode).toBe(404);
    expect((await get('1.5')).statusCode).toBe(400);
    expect((await get(0)).statusCode).toBe(400);
  });
});

describe('PATCH /v1/acts/{id}', () => {
  const edited = {
    name: 'The Stoop Brothers',
    bio: '<h1>Loud</h1><ol><li data-list="bullet">brass</li></ol>',
    type: 'brass',
    size: 'four_plus',
    preferred_slots: ['Slot 1'],
    venue_pref: null,
    sound_system: 'need_to_borrow',
    rain_date_available: true,
  };
  const edit = actBody(edited);

  it('lets the owner change every field and the preferred slots', async () => {
    const id = await buildAct(t.app, owner, { preferred_slots: ['Slot 2', 'Slot 3'] });
    const before = (await snapshot(id))!;
    t.clock.advanceMinutes(3);
    const res = await patch(id, owner.auth, edit);
    expect(res.statusCode).toBe(200);
    const act = res.json<Act>();
    expect(act).toMatchObject({ ...edited, created_time: before.created_time });
    expect(act.updated_time).not.toBe(before.updated_time);
    expect((await get(id)).json()).toEqual(act);
  });

  it('lets an admin edit any act', async () => {
    const id = await buildAct(t.app, owner);
    const res = await patch(id, admin.auth, edit);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'The Stoop Brothers', creator_id: owner.user.id });
  });

  it.each(notTheOwner)('refuses %s and changes nothing', async (_label, headers, status) => {
    const id = await buildAct(t.app, owner);
    const before = await snapshot(id);
    expect((await patch(id, headers(), edit)).statusCode).toBe(status);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 404 for an unknown act', async () => {
    expect((await patch(987654, owner.auth, edit)).statusCode).toBe(404);
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const id = await buildAct(t.app, owner);
    const before = await snapshot(id);
    const res = await patch(id, owner.auth, { ...edit, name: '', preferred_slots: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ name: REQUIRED, preferred_slots: ActMessages.slotRequired });
    expect(await snapshot(id)).toEqual(before);
  });
});

describe('DELETE /v1/acts/{id}', () => {
  it('lets the owner delete an act, freeing the slot it was scheduled in', async () => {
    const id = await buildAct(t.app, owner);
    const venueId = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    await scheduleAct(t.app, venueId, 'Slot 1', id);
    const res = await remove(id, owner.auth);
    expect(res.statusCode).toBe(204);
    expect((await get(id)).statusCode).toBe(404);
    const venue = (await t.app.inject({ method: 'GET', url: `/v1/venues/${venueId}` })).json();
    expect(venue.available_slots).toEqual([expect.objectContaining({ slot_def: 'Slot 1', scheduled_act: null })]);
    const slots = await t.app.deps.db.kysely.selectFrom('act_slots').selectAll().where('act_id', '=', id).execute();
    expect(slots).toEqual([]);
  });

  it('lets an admin delete any act', async () => {
    const id = await buildAct(t.app, owner);
    expect((await remove(id, admin.auth)).statusCode).toBe(204);
    expect(await snapshot(id)).toBeNull();
  });

  it.each(notTheOwner)('refuses %s and keeps the act', async (_label, headers, status) => {
    const id = await buildAct(t.app, owner);
    const before = await snapshot(id);
    expect((await remove(id, headers())).statusCode).toBe(status);
    expect(await snapshot(id)).toEqual(before);
  });

  it('answers 404 for an unknown act', async () => {
    expect((await remove(987654, owner.auth)).statusCode).toBe(404);
  });
});
