import { describe, expect, it } from 'vitest';
import { ACT_STATUS, actStatus, type Act } from '../../../contract/acts.js';
import type { Venue } from '../../../contract/venues.js';
import { useTestApp } from '../../test/use-test-app.js';
import { buildHost, buildPerformer, type BuiltUser } from '../../test/builders.js';
import { buildAct, buildVenue, saveSlots, type SlotChoice } from '../../test/catalogue-builders.js';
import { notifyVenueDeleted } from './notify.js';

const {
  t,
  people: { host, otherHost },
} = useTestApp({
  host: (app) => buildHost(app, { name: 'Dora Deleter', email: 'dora.deleter@example.test' }),
  otherHost: (app) => buildHost(app, { name: 'Olaf Other', email: 'olaf.other@example.test' }),
});

type Headers = Record<string, string>;
const setSlots = async (venue: number, who: BuiltUser, slots: SlotChoice[]) => {
  await saveSlots(t.app, who, venue, slots);
  // The act's owner has been told (notices are due at once in the test app): a delete now reports
  // these slots. A venue deleted before its notice went is server/features/scheduling/notices.test.ts's.
  await t.flushNotices();
};
const remove = (kind: 'venues' | 'acts', id: number, headers: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/v1/${kind}/${id}`, headers });
const getAct = async (id: number) => (await t.app.inject({ method: 'GET', url: `/v1/acts/${id}` })).json<Act>();
const getVenue = async (id: number) => (await t.app.inject({ method: 'GET', url: `/v1/venues/${id}` })).json<Venue>();
const outbox = () =>
  t.app.deps.db.kysely
    .selectFrom('outbox')
    .select(['id', 'to_address', 'subject', 'text_body'])
    .orderBy('id')
    .execute();
const lastId = async () => (await outbox()).at(-1)?.id ?? 0;
const queuedSince = async (id: number) => (await outbox()).filter((m) => m.id > id);
type Queued = Awaited<ReturnType<typeof queuedSince>>;

/** Deletes `id` as `who`, expecting a 204, and answers the mail the delete queued. */
async function deleteQueuing(kind: 'venues' | 'acts', id: number, who: BuiltUser): Promise<Queued> {
  const before = await lastId();
  expect((await remove(kind, id, who.auth)).statusCode).toBe(204);
  return queuedSince(before);
}
const recipientsAndSubjects = (queued: Queued) => queued.map((m) => [m.to_address, m.subject]).sort();
const textTo = (queued: Queued, prefix: string) => queued.find((m) => m.to_address.startsWith(prefix))!.text_body;

describe('deleting a venue', () => {
  it('unschedules its acts and e-mails each act’s owner once, with the slots it lost', async () => {
    const pia = await buildPerformer(t.app, { name: 'Pia', email: 'pia.unscheduled@example.test' });
    const quinn = await buildPerformer(t.app, { name: 'Quinn', email: 'quinn.unscheduled@example.test' });
    const venue = await buildVenue(t.app, host, {
      address: '12 Demolition Drive',
      slots: ['Slot 1', 'Slot 2', 'Slot 3'],
    });
    const piaAct = await buildAct(t.app, pia, { name: 'Pia Plays' });
    const quinnAct = await buildAct(t.app, quinn, { name: 'Quinn Quartet' });
    await setSlots(venue, host, [
      { slot_def: 'Slot 1', scheduled_act_id: piaAct },
      { slot_def: 'Slot 2', scheduled_act_id: quinnAct },
      { slot_def: 'Slot 3', scheduled_act_id: piaAct },
    ]);
    const queued = await deleteQueuing('venues', venue, host);
    expect(recipientsAndSubjects(queued)).toEqual([
      ['pia.unscheduled@example.test', 'Porchfest: "Pia Plays" is no longer scheduled at 12 Demolition Drive'],
      ['quinn.unscheduled@example.test', 'Porchfest: "Quinn Quartet" is no longer scheduled at 12 Demolition Drive'],
    ]);
    const piaMail = textTo(queued, 'pia');
    expect(piaMail).toContain('- Slot 1, 12pm-1:00pm EDT on Saturday, June 14, 2025');
    expect(piaMail).toContain('- Slot 3, 3:00pm-4:00pm EDT on Saturday, June 14, 2025');
    for (const act of [piaAct, quinnAct]) expect(actStatus(await getAct(act))).toBe(ACT_STATUS.looking);

    await t.deliverMail();
    await t.smtp.waitFor((m) => m.envelopeTo.includes('quinn.unscheduled@example.test'));
  });

  it('e-mails nobody when no act was scheduled there, and nothing when the delete is refused', async () => {
    const performer = await buildPerformer(t.app);
    const quiet = await buildVenue(t.app, host, { slots: ['Slot 1'] });
    const busy = await buildVenue(t.app, host, { slots: ['Slot 4'] });
    const act = await buildAct(t.app, performer);
    await setSlots(busy, host, [{ slot_def: 'Slot 4', scheduled_act_id: act }]);
    const before = await lastId();

    expect((await remove('venues', quiet, host.auth)).statusCode).toBe(204);
    expect((await remove('venues', busy, otherHost.auth)).statusCode).toBe(403);
    expect(await queuedSince(before)).toEqual([]);
    expect((await getAct(act)).scheduled_venue_slots).toHaveLength(1);
  });

  it('queues nothing when the delete’s transaction rolls back', async () => {
    const performer = await buildPerformer(t.app);
    const venue = await buildVenue(t.app, host, { slots: ['Slot 2'] });
    const act = await buildAct(t.app, performer);
    await setSlots(venue, host, [{ slot_def: 'Slot 2', scheduled_act_id: act }]);
    const before = await lastId();

    const failed = t.app.deps.db.kysely.transaction().execute(async (trx) => {
      expect(await notifyVenueDeleted(trx, t.app.deps, venue)).toBe(1);
      throw new Error('the delete failed after the mail was queued');
    });
    await expect(failed).rejects.toThrow('the delete failed');
    expect(await queuedSince(before)).toEqual([]);
  });
});

describe('deleting an act', () => {
  it('frees its slots, which stay offered, and e-mails each host it was scheduled with', async () => {
    const performer = await buildPerformer(t.app);
    const mine = await buildVenue(t.app, host, { address: '1 Host Way', slots: ['Slot 1', 'Slot 2'] });
    const theirs = await buildVenue(t.app, otherHost, { address: '2 Other Way', slots: ['Slot 3'] });
    const act = await buildAct(t.app, performer, { name: 'Vanishing Act' });
    await setSlots(mine, host, [{ slot_def: 'Slot 1', scheduled_act_id: act }, { slot_def: 'Slot 2' }]);
    await setSlots(theirs, otherHost, [{ slot_def: 'Slot 3', scheduled_act_id: act }]);
    const queued = await deleteQueuing('acts', act, performer);
    expect(recipientsAndSubjects(queued)).toEqual([
      ['dora.deleter@example.test', 'Porchfest: "Vanishing Act" will not play at 1 Host Way'],
      ['olaf.other@example.test', 'Porchfest: "Vanishing Act" will not play at 2 Other Way'],
    ]);
    const doraMail = textTo(queued, 'dora');
    expect(doraMail).toContain('- Slot 1, 12pm-1:00pm EDT');
    expect(doraMail).toContain(`http://porchfest.test/venues/${mine}/slots/edit`);

    expect((await getVenue(mine)).available_slots.map((s) => [s.slot_def, s.scheduled_act])).toEqual([
      ['Slot 1', null],
      ['Slot 2', null],
    ]);
    expect((await getVenue(theirs)).available_slots.map((s) => [s.slot_def, s.scheduled_act])).toEqual([
      ['Slot 3', null],
    ]);
  });
});
