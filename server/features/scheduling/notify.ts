import type { Transaction } from 'kysely';
import { SLOT_DEFS, type SlotDef } from '../../../contract/enums.js';
import type { Database, Queryable } from '../../db/schema.js';
import { filledSlotsWithOwners } from '../../db/filled-slots.js';
import type { Deps } from '../../deps.js';
import { currentFestivalDay } from '../festival/festival-day.js';
import { enqueueMail } from '../../mail/outbox.js';
import { actDeletedMail, venueDeletedMail, type MailSlot } from '../../mail/templates.js';
import { pendingNoticeSlots } from './notices.js';
import { findActsWithOwners } from './queries.js';
import { slotTime } from './slot-times.js';

type MailDeps = Pick<Deps, 'clock' | 'festival' | 'publicUrl'>;

const bySlot = (a: { slot: SlotDef }, b: { slot: SlotDef }) => SLOT_DEFS.indexOf(a.slot) - SLOT_DEFS.indexOf(b.slot);
const mailSlots = (deps: MailDeps, slots: SlotDef[], day: string): MailSlot[] =>
  slots.map((s) => slotTime(deps.festival, s, day)).sort(bySlot);

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** The scheduled slots of a venue, or of an act, with the act, the venue and both owners. */
function scheduledSlots(q: Queryable) {
  return filledSlotsWithOwners(q).select([
    'venue_slots.slot_def as slot',
    'venues.id as venue_id',
    'venues.address',
    'host.name as host_name',
    'host.email as host_email',
    'acts.id as act_id',
    'acts.name as act_name',
    'performer.name as owner_name',
    'performer.email as owner_email',
  ]);
}

/**
 * docs/behaviour.md#states-and-transitions: deleting a venue unschedules its acts and tells each
 * act's owner about the slots they were last told of: those a waiting notice holds as `before`
 * (a run of changes the owner has not heard of yet is not reported), else the act's slots there
 * now. Call it inside the delete's transaction, before the venue row goes (its slots and notices
 * go with it by ON DELETE CASCADE), and call deps.mailQueued() after the commit. Returns how many
 * e-mails were queued. Not coalesced: a delete is final.
 */
export async function notifyVenueDeleted(trx: Transaction<Database>, deps: MailDeps, venueId: number): Promise<number> {
  // A write first, as a flush starts (notices.ts): on PostgreSQL it waits for a flush that holds
  // one of these notices and then skips the notice that flush deleted, so what is read below is
  // what the owner was told (a flush's mail "is scheduled" is followed by this "no longer"); a
  // flush that comes after finds its claim cleared and steps back, and the notice goes with the
  // venue. Without it a flush could commit "is scheduled" after this read a notice with nothing
  // told yet, and the owner's last word would be a venue that no longer exists (the SIGKILL
  // fault test's verification caught it on PostgreSQL).
  await trx
    .updateTable('schedule_notices')
    .set({ claim: null, locked_until: null })
    .where('venue_id', '=', venueId)
    .execute();
  const rows = await scheduledSlots(trx).where('venues.id', '=', venueId).execute();
  const known = new Map<number, SlotDef[]>();
  for (const [actId, slots] of groupBy(rows, (r) => r.act_id))
    known.set(
      actId,
      slots.map((s) => s.slot),
    );
  for (const [actId, before] of await pendingNoticeSlots(trx, venueId)) known.set(actId, before);
  const venue = await trx.selectFrom('venues').select('address').where('id', '=', venueId).executeTakeFirst();
  const acts = await findActsWithOwners(trx, [...known.keys()]);
  const now = deps.clock.now();
  const day = (await currentFestivalDay(trx, deps.festival)).date;
  let queued = 0;
  for (const [actId, slots] of known) {
    const act = acts.get(actId);
    if (!act || !venue || slots.length === 0) continue;
    await enqueueMail(
      trx,
      venueDeletedMail(deps.festival, {
        to: act.owner_email,
        ownerName: act.owner_name,
        actName: act.name,
        address: venue.address,
        slots: mailSlots(deps, slots, day),
        actUrl: `${deps.publicUrl}/acts/${act.id}`,
      }),
      now,
    );
    queued += 1;
  }
  return queued;
}

/**
 * Deleting an act frees its slots and tells each host it was scheduled with. Call it
 * inside the delete's transaction, before the act row goes (ON DELETE SET NULL frees the
 * slots), and call deps.mailQueued() after the commit. Returns how many e-mails were queued.
 */
export async function notifyActDeleted(trx: Transaction<Database>, deps: MailDeps, actId: number): Promise<number> {
  const rows = await scheduledSlots(trx).where('acts.id', '=', actId).execute();
  const now = deps.clock.now();
  const day = (await currentFestivalDay(trx, deps.festival)).date;
  let queued = 0;
  for (const slots of groupBy(rows, (r) => r.venue_id).values()) {
    const first = slots[0]!;
    await enqueueMail(
      trx,
      actDeletedMail(deps.festival, {
        to: first.host_email,
        hostName: first.host_name,
        actName: first.act_name,
        address: first.address,
        slots: mailSlots(
          deps,
          slots.map((s) => s.slot),
          day,
        ),
        slotsUrl: `${deps.publicUrl}/venues/${first.venue_id}/slots/edit`,
      }),
      now,
    );
    queued += 1;
  }
  return queued;
}
