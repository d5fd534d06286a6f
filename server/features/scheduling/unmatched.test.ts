import { describe, expect, it } from 'vitest';
import { UnmatchedActsResponseSchema } from '../../../contract/schedule.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildAdmin, buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, hideItem, saveSlots, type SlotChoice } from '../../test/catalogue-builders.js';

const {
  t,
  people: { admin, host, otherHost, performer },
} = useTestApp({ admin: buildAdmin, host: buildHost, otherHost: buildHost, performer: buildPerformer });

const unmatched = (query: string, who?: BuiltUser) =>
  t.app.inject({ method: 'GET', url: `/v1/acts/unmatched?${query}`, headers: who?.auth ?? {} });
const offeredIds = async (venue: number, slot: string, who?: BuiltUser) => {
  const res = await unmatched(`venue_id=${venue}&slot_def=${encodeURIComponent(slot)}`, who);
  expect(res.statusCode).toBe(200);
  return UnmatchedActsResponseSchema.parse(res.json()).data.map((a) => a.id);
};
const setSlots = (venue: number, slots: SlotChoice[]) => saveSlots(t.app, host, venue, slots);

describe('GET /v1/acts/unmatched', () => {
  it('offers every act free at that slot time, with the act already in this venue’s slot, and not one booked elsewhere', async () => {
    const here = await buildVenue(t.app, host, { slots: ['Slot 2'] });
    const elsewhere = await buildVenue(t.app, host, { slots: ['Slot 1', 'Slot 2'] });
    const free = await buildAct(t.app, performer, {
      name: 'A Free Act',
      type: 'blues',
      preferred_slots: ['Slot 2', 'Slot 4'],
    });
    const mine = await buildAct(t.app, performer, { name: 'B Already Here' });
    const bookedAtTwo = await buildAct(t.app, performer, { name: 'C Booked Elsewhere' });
    const bookedAtOne = await buildAct(t.app, performer, { name: 'D Plays Slot 1 Elsewhere' });
    await setSlots(here, [{ slot_def: 'Slot 2', scheduled_act_id: mine }]);
    await setSlots(elsewhere, [
      { slot_def: 'Slot 1', scheduled_act_id: bookedAtOne },
      { slot_def: 'Slot 2', scheduled_act_id: bookedAtTwo },
    ]);

    const slotTwo = await offeredIds(here, 'Slot 2');
    expect(slotTwo).toEqual(expect.arrayContaining([free, mine, bookedAtOne]));
    expect(slotTwo).not.toContain(bookedAtTwo);
    // At Slot 1 of this venue, the act playing Slot 1 elsewhere is the one not offered.
    const slotOne = await offeredIds(here, 'Slot 1');
    expect(slotOne).toEqual(expect.arrayContaining([free, mine, bookedAtTwo]));
    expect(slotOne).not.toContain(bookedAtOne);

    const res = await unmatched(`venue_id=${here}&slot_def=Slot%202`);
    const body = UnmatchedActsResponseSchema.parse(res.json());
    expect(body.total).toBe(body.data.length);
    expect(body.data.find((a) => a.id === free)).toEqual({
      id: free,
      name: 'A Free Act',
      type: 'blues',
      preferred_slots: ['Slot 2', 'Slot 4'],
    });
    // By name, so the choice list reads alphabetically.
    const names = body.data.map((a) => a.name);
    expect(names.indexOf('A Free Act')).toBeLessThan(names.indexOf('B Already Here'));
  });

  it('answers 404 for an unknown venue and 400 naming a missing or wrong parameter', async () => {
    const venue = await buildVenue(t.app, host);
    expect((await unmatched('venue_id=999999&slot_def=Slot%201')).statusCode).toBe(404);
    const noSlot = await unmatched(`venue_id=${venue}`);
    expect(noSlot.statusCode).toBe(400);
    expect(noSlot.json().fields).toHaveProperty('slot_def');
    const badSlot = await unmatched(`venue_id=${venue}&slot_def=Slot%209`);
    expect(badSlot.statusCode).toBe(400);
    expect(badSlot.json().fields.slot_def).toBe('Slot must be one of Slot 1, Slot 2, Slot 3, Slot 4');
    const badVenue = await unmatched('venue_id=abc&slot_def=Slot%201');
    expect(badVenue.statusCode).toBe(400);
    expect(badVenue.json().fields).toHaveProperty('venue_id');
  });

  it('is not taken for GET /v1/acts/{id}', async () => {
    const res = await unmatched('');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('venue_id');
  });

  // docs/behaviour.md#moderation (issue 27, item 2), on both engines.
  it('names a hidden act already in the slot only to the venue’s owner and admins', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 3'] });
    const hidden = await buildAct(t.app, performer, { name: 'Hidden Booked Act' });
    const visible = await buildAct(t.app, performer, { name: 'Visible Act' });
    await setSlots(venue, [{ slot_def: 'Slot 3', scheduled_act_id: hidden }]);
    await hideItem(t.app, admin, 'acts', hidden, 'Hidden for the test');

    // The owner and admins keep it, so saving the slots screen does not take it out unasked.
    expect(await offeredIds(venue, 'Slot 3', host)).toEqual(expect.arrayContaining([hidden, visible]));
    expect(await offeredIds(venue, 'Slot 3', admin)).toEqual(expect.arrayContaining([hidden, visible]));
    // Anyone else, signed in or not (or with a bad token), never learns its name.
    for (const who of [undefined, otherHost, performer]) {
      const ids = await offeredIds(venue, 'Slot 3', who);
      expect(ids).toContain(visible);
      expect(ids).not.toContain(hidden);
    }
    const badToken = await t.app.inject({
      method: 'GET',
      url: `/v1/acts/unmatched?venue_id=${venue}&slot_def=Slot%203`,
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(badToken.statusCode).toBe(200);
    expect(badToken.body).not.toContain('Hidden Booked Act');
  });

  it('answers 404 for a hidden venue, as every public read does, except to its owner and admins', async () => {
    const venue = await buildVenue(t.app, host, { slots: ['Slot 4'] });
    const act = await buildAct(t.app, performer, { name: 'Plays A Hidden Porch' });
    await setSlots(venue, [{ slot_def: 'Slot 4', scheduled_act_id: act }]);
    await hideItem(t.app, admin, 'venues', venue, 'Hidden for the test');

    const query = `venue_id=${venue}&slot_def=Slot%204`;
    for (const who of [undefined, otherHost, performer]) {
      const res = await unmatched(query, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Venue not found');
    }
    expect(await offeredIds(venue, 'Slot 4', host)).toContain(act);
    expect(await offeredIds(venue, 'Slot 4', admin)).toContain(act);
  });
});
