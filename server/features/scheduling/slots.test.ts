import { describe, expect, it } from 'vitest';
import { ACT_STATUS, actStatus, type Act } from '../../../contract/acts.js';
import type { SlotDef } from '../../../contract/enums.js';
import { VenueMessages, type Venue } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, buildUser, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue } from '../../test/catalogue-builders.js';

const {
  t,
  people: { host, otherHost, performer, admin },
} = useTestApp({
  host: (app) => buildHost(app, { name: 'Hana Host' }),
  otherHost: (app) => buildHost(app, { name: 'Otto Otherhost' }),
  performer: (app) => buildPerformer(app, { name: 'Pia Performer' }),
  admin: buildAdmin,
});

type Headers = Record<string, string>;
type SlotInput = { slot_def: string; scheduled_act_id?: number | null };

/**
 * A save, then what the outbox worker does first on its run: scheduling notices are due at once in
 * the test app (delay 0), so each save's notice becomes its mail here, as each save's mail did
 * before notices were coalesced (server/features/scheduling/notices.test.ts tests the delay).
 */
const patchSlots = async (id: number | string, headers: Headers, slots: unknown) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/v1/venues/${id}`,
    headers,
    payload: { available_slots: slots },
  });
  await t.flushNotices();
  return res;
};
const getVenue = async (id: number) => (await t.app.inject({ method: 'GET', url: `/v1/venues/${id}` })).json<Venue>();
const getAct = async (id: number) => (await t.app.inject({ method: 'GET', url: `/v1/acts/${id}` })).json<Act>();
const slotsOf = (venue: Venue) => venue.available_slots.map((s) => [s.slot_def, s.scheduled_act?.id ?? null]);

async function outbox() {
  return t.app.deps.db.kysely
    .selectFrom('outbox')
    .select(['to_address', 'subject', 'text_body'])
    .orderBy('id')
    .execute();
}
async function outboxCount() {
  return (await outbox()).length;
}

describe('PATCH /v1/venues/{id}: who may', () => {
  it('refuses an anonymous caller with 401 and changes nothing', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    const res = await patchSlots(venue, {}, [{ slot_def: 'Slot 2' }]);
    expect(res.statusCode).toBe(401);
    expect(slotsOf(await getVenue(venue))).toEqual([['Slot 1', null]]);
  });

  it('refuses another host and a performer with 403 and changes nothing', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    const act = await buildAct(t.app, performer);
    for (const who of [otherHost, performer]) {
      const res = await patchSlots(venue, who.auth, [{ slot_def: 'Slot 1', scheduled_act_id: act }]);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'You are not allowed to perform this action.', code: 'forbidden' });
    }
    expect(slotsOf(await getVenue(venue))).toEqual([['Slot 1', null]]);
    expect((await getAct(act)).scheduled_venue_slots).toEqual([]);
  });

  // Who owns the venue, who owns the act, and who saves: the same save, allowed for each.
  it.each<[string, SlotDef, () => Promise<[BuiltUser, BuiltUser, BuiltUser]>]>([
    ['lets an admin schedule into anyone’s venue', 'Slot 1', async () => [host, performer, admin]],
    [
      'lets a host who is also a performer schedule their own act without anyone’s permission',
      'Slot 3',
      async () => {
        const both = await buildUser(t.app, { host: true, performer: true });
        return [both, both, both];
      },
    ],
  ])('%s', async (_name, slot, people) => {
    const [venueOwner, actOwner, saver] = await people();
    const venue = await buildVenue(t.app, venueOwner, { slots: [slot] });
    const act = await buildAct(t.app, actOwner);
    const res = await patchSlots(venue, saver.auth, [{ slot_def: slot, scheduled_act_id: act }]);
    expect(res.statusCode).toBe(200);
    expect(slotsOf(res.json<Venue>())).toEqual([[slot, act]]);
  });

  it('answers 404 for a venue that does not exist, and 400 for an id that is not one', async () => {
    expect((await patchSlots(999_999, host.auth, [{ slot_def: 'Slot 1' }])).statusCode).toBe(404);
    const bad = await patchSlots('abc', host.auth, [{ slot_def: 'Slot 1' }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('id');
  });
});

describe('PATCH /v1/venues/{id}: the input', () => {
  it('requires at least one slot', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    for (const slots of [[], undefined]) {
      const res = await patchSlots(venue, host.auth, slots);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: VenueMessages.slotRequired,
        fields: { available_slots: VenueMessages.slotRequired },
      });
    }
    expect(slotsOf(await getVenue(venue))).toEqual([['Slot 1', null]]);
  });

  it('names the field of an unknown slot, a slot listed twice, and an act that does not exist', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    const unknownSlot = await patchSlots(venue, host.auth, [{ slot_def: 'Slot 5' }]);
    expect(unknownSlot.statusCode).toBe(400);
    expect(unknownSlot.json().fields).toHaveProperty(['available_slots.0.slot_def']);

    const twice = await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 1' }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toHaveProperty('available_slots');

    const noAct = await patchSlots(venue, host.auth, [
      { slot_def: 'Slot 2' },
      { slot_def: 'Slot 1', scheduled_act_id: 987_654 },
    ]);
    expect(noAct.statusCode).toBe(400);
    expect(noAct.json()).toMatchObject({
      error: 'There is no act with id 987654.',
      fields: { 'available_slots.1.scheduled_act_id': 'There is no act with id 987654.' },
    });
    // Nothing of the refused request is applied: Slot 2 was not added.
    expect(slotsOf(await getVenue(venue))).toEqual([['Slot 1', null]]);
  });
});

describe('PATCH /v1/venues/{id}: the slots as a whole', () => {
  it('schedules an act, and the venue and the act both show it', async () => {
    const venue = await buildVenue(t.app, host, { address: '5 Schedule Lane', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'The Lane Ramblers' });
    expect(actStatus(await getAct(act))).toBe(ACT_STATUS.looking);

    const res = await patchSlots(venue, host.auth, [
      { slot_def: 'Slot 1' },
      { slot_def: 'Slot 2', scheduled_act_id: act },
    ]);
    expect(res.statusCode).toBe(200);
    const saved = res.json<Venue>();
    expect(saved.available_slots.find((s) => s.slot_def === 'Slot 2')?.scheduled_act).toEqual({
      id: act,
      name: 'The Lane Ramblers',
    });

    const shown = await getAct(act);
    expect(shown.scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 2', venue: { id: venue, address: '5 Schedule Lane' } },
    ]);
    expect(actStatus(shown)).toBe(ACT_STATUS.scheduled);
  });

  it('adds slots, and a slot left out becomes unavailable and its act unscheduled', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer);
    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1', scheduled_act_id: act }, { slot_def: 'Slot 2' }]);
    expect((await getAct(act)).scheduled_venue_slots).toHaveLength(1);

    const res = await patchSlots(venue, host.auth, [{ slot_def: 'Slot 2' }, { slot_def: 'Slot 4' }]);
    expect(res.statusCode).toBe(200);
    expect(slotsOf(res.json<Venue>())).toEqual([
      ['Slot 2', null],
      ['Slot 4', null],
    ]);
    const after = await getAct(act);
    expect(after.scheduled_venue_slots).toEqual([]);
    expect(actStatus(after)).toBe(ACT_STATUS.looking);
  });

  it('unschedules an act when its slot is saved with no act (the "--" choice)', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 3'] });
    const act = await buildAct(t.app, performer);
    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 3', scheduled_act_id: act }]);
    const res = await patchSlots(venue, host.auth, [{ slot_def: 'Slot 3', scheduled_act_id: null }]);
    expect(slotsOf(res.json<Venue>())).toEqual([['Slot 3', null]]);
    expect((await getAct(act)).scheduled_venue_slots).toEqual([]);
  });

  it('lets one act play different slot times at different venues', async () => {
    const first = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    const second = await buildVenue(t.app, otherHost, { slots: ['Slot 2'] });
    const act = await buildAct(t.app, performer);
    expect((await patchSlots(first, host.auth, [{ slot_def: 'Slot 1', scheduled_act_id: act }])).statusCode).toBe(200);
    expect((await patchSlots(second, otherHost.auth, [{ slot_def: 'Slot 2', scheduled_act_id: act }])).statusCode).toBe(
      200,
    );
    expect((await getAct(act)).scheduled_venue_slots.map((s) => s.slot_def)).toEqual(['Slot 1', 'Slot 2']);
  });
});

describe('an act already playing Slot 2 elsewhere', () => {
  it('is neither offered nor accepted for Slot 2, and nothing of the refused request is applied', async () => {
    const taken = await buildVenue(t.app, otherHost, { address: '1 First Street', slots: ['Slot 2'] });
    const mine = await buildVenue(t.app, host, { slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, performer, { name: 'The Double Bookers' });
    const other = await buildAct(t.app, performer);
    expect((await patchSlots(taken, otherHost.auth, [{ slot_def: 'Slot 2', scheduled_act_id: act }])).statusCode).toBe(
      200,
    );

    const offered = await t.app.inject({ method: 'GET', url: `/v1/acts/unmatched?venue_id=${mine}&slot_def=Slot%202` });
    expect(offered.statusCode).toBe(200);
    const ids = offered.json<{ data: Array<{ id: number }> }>().data.map((a) => a.id);
    expect(ids).not.toContain(act);
    expect(ids).toContain(other);

    const mailsBefore = await outboxCount();
    // The refused request would also have dropped Slot 1, added Slot 4 and scheduled another act.
    const res = await patchSlots(mine, host.auth, [
      { slot_def: 'Slot 4', scheduled_act_id: other },
      { slot_def: 'Slot 2', scheduled_act_id: act },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'conflict',
      error: '"The Double Bookers" is already scheduled to play Slot 2 (1:30pm-2:30pm EDT) at 1 First Street.',
      fields: { 'available_slots.1.scheduled_act_id': expect.stringContaining('The Double Bookers') },
    });
    expect(slotsOf(await getVenue(mine))).toEqual([
      ['Slot 1', null],
      ['Slot 2', null],
    ]);
    expect((await getAct(other)).scheduled_venue_slots).toEqual([]);
    expect((await getAct(act)).scheduled_venue_slots).toEqual([
      { slot_def: 'Slot 2', venue: { id: taken, address: '1 First Street' } },
    ]);
    expect(await outboxCount()).toBe(mailsBefore);
  });
});

describe('scheduling e-mails', () => {
  it('queues one e-mail to the act’s owner with the venue, address and slot time, delivered over SMTP', async () => {
    const owner = await buildPerformer(t.app, { name: 'Mae Mailbox', email: 'mae.mailbox@example.test' });
    const venue = await buildVenue(t.app, host, { address: '77 Letterbox Road', slots: ['Slot 2', 'Slot 3'] });
    const act = await buildAct(t.app, owner, { name: 'Mae and the Stamps' });
    const before = await outboxCount();

    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 2', scheduled_act_id: act }, { slot_def: 'Slot 3' }]);
    const queued = (await outbox()).slice(before);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      to_address: 'mae.mailbox@example.test',
      subject: 'Porchfest: "Mae and the Stamps" is scheduled to play at 77 Letterbox Road',
    });
    expect(queued[0]!.text_body).toContain('Slot 2, 1:30pm-2:30pm EDT on Saturday, June 14, 2025 (set up from 1:00pm)');

    await t.deliverMail();
    const mail = await t.smtp.waitFor(
      (m) => m.envelopeTo.includes('mae.mailbox@example.test') && m.subject.includes('is scheduled'),
    );
    expect(mail.text).toContain('77 Letterbox Road');
    expect(mail.text).toContain(`http://porchfest.test/acts/${act}`);
  });

  it('tells the owner when the act is taken out, whether by "--" or by removing the slot', async () => {
    const owner = await buildPerformer(t.app, { email: 'out.of.slot@example.test' });
    const venue = await buildVenue(t.app, host, { address: '9 Quiet Court', slots: ['Slot 1', 'Slot 4'] });
    const act = await buildAct(t.app, owner, { name: 'Gone Quiet' });
    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1', scheduled_act_id: act }, { slot_def: 'Slot 4' }]);

    let before = await outboxCount();
    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1', scheduled_act_id: null }, { slot_def: 'Slot 4' }]);
    let queued = (await outbox()).slice(before);
    expect(queued.map((m) => [m.to_address, m.subject])).toEqual([
      ['out.of.slot@example.test', 'Porchfest: "Gone Quiet" is no longer scheduled at 9 Quiet Court'],
    ]);
    expect(queued[0]!.text_body).toContain('Slot 1, 12pm-1:00pm EDT');

    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1' }, { slot_def: 'Slot 4', scheduled_act_id: act }]);
    before = await outboxCount();
    await patchSlots(venue, host.auth, [{ slot_def: 'Slot 1' }]);
    queued = (await outbox()).slice(before);
    expect(queued.map((m) => m.subject)).toEqual(['Porchfest: "Gone Quiet" is no longer scheduled at 9 Quiet Court']);
    expect(queued[0]!.text_body).toContain('Slot 4, 4:30pm-5:30pm');
  });

  it('sends one e-mail for an act moved between slots, and none for a save that changes nothing', async () => {
    const owner = await buildPerformer(t.app, { email: 'mover@example.test' });
    const venue = await buildVenue(t.app, host, { address: '3 Shuffle Street', slots: ['Slot 1', 'Slot 2'] });
    const act = await buildAct(t.app, owner, { name: 'The Movers' });
    const slots = (one: number | null, two: number | null): SlotInput[] => [
      { slot_def: 'Slot 1' satisfies SlotDef, scheduled_act_id: one },
      { slot_def: 'Slot 2' satisfies SlotDef, scheduled_act_id: two },
    ];
    await patchSlots(venue, host.auth, slots(act, null));

    let before = await outboxCount();
    await patchSlots(venue, host.auth, slots(null, act));
    const queued = (await outbox()).slice(before);
    expect(queued.map((m) => m.subject)).toEqual([
      'Porchfest: the schedule of "The Movers" at 3 Shuffle Street has changed',
    ]);
    expect(queued[0]!.text_body).toMatch(/scheduled your act "The Movers" to play there:\n- Slot 2/);
    expect(queued[0]!.text_body).toMatch(/out of this slot:\n- Slot 1/);

    before = await outboxCount();
    expect((await patchSlots(venue, host.auth, slots(null, act))).statusCode).toBe(200);
    expect(await outboxCount()).toBe(before);
  });
});
