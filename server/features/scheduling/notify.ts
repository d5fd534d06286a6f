import type { Kysely, Transaction } from 'kysely';
import { SLOT_DEFS, type SlotDef } from '../../../contract/enums.js';
import type { Database } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { enqueueMail } from '../../mail/outbox.js';
import { actDeletedMail, actScheduleChangedMail, venueDeletedMail, type MailSlot } from '../../mail/templates.js';
import type { ActWithOwner, ScheduleVenue } from './queries.js';
import { slotTime } from './slot-times.js';

type Q = Kysely<Database> | Transaction<Database>;
type MailDeps = Pick<Deps, 'clock' | 'festival' | 'publicUrl'>;

export interface SlotChange {
  kind: 'scheduled' | 'unscheduled';
  actId: number;
  slot: SlotDef;
}

const bySlot = (a: { slot: string }, b: { slot: string }) =>
  SLOT_DEFS.indexOf(a.slot as SlotDef) - SLOT_DEFS.indexOf(b.slot as SlotDef);
const mailSlots = (deps: MailDeps, slots: string[]): MailSlot[] =>
  slots.map((s) => slotTime(deps.festival, s as SlotDef)).sort(bySlot);

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/**
 * One e-mail per act whose slots at this venue changed, to its owner, in the caller's
 * transaction (so a save that rolls back sends nothing). Returns how many were queued.
 */
export async function notifyScheduleChanges(
  trx: Transaction<Database>,
  deps: MailDeps,
  venue: ScheduleVenue,
  acts: Map<number, ActWithOwner>,
  changes: SlotChange[],
): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const [actId, actChanges] of groupBy(changes, (c) => c.actId)) {
    const act = acts.get(actId);
    if (!act) continue;
    const slots = (kind: SlotChange['kind']) => actChanges.filter((c) => c.kind === kind).map((c) => c.slot);
    await enqueueMail(
      trx,
      actScheduleChangedMail(deps.festival, {
        to: act.owner_email,
        ownerName: act.owner_name,
        actName: act.name,
        address: venue.address,
        scheduled: mailSlots(deps, slots('scheduled')),
        unscheduled: mailSlots(deps, slots('unscheduled')),
        actUrl: `${deps.publicUrl}/acts/${act.id}`,
        scheduleUrl: `${deps.publicUrl}/schedule`,
      }),
      now,
    );
    queued += 1;
  }
  return queued;
}

/** The scheduled slots of a venue, or of an act, with the act, the venue and both owners. */
function scheduledSlots(q: Q) {
  return q
    .selectFrom('venue_slots')
    .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
    .innerJoin('acts', 'acts.id', 'venue_slots.scheduled_act_id')
    .innerJoin('users as act_owner', 'act_owner.id', 'acts.creator_id')
    .innerJoin('users as host', 'host.id', 'venues.creator_id')
    .select([
      'venue_slots.slot_def as slot',
      'venues.id as venue_id',
      'venues.address',
      'host.name as host_name',
      'host.email as host_email',
      'acts.id as act_id',
      'acts.name as act_name',
      'act_owner.name as owner_name',
      'act_owner.email as owner_email',
    ]);
}

/**
 * Spec 4: deleting a venue unschedules its acts and tells each act's owner. Call it inside the
 * delete's transaction, before the venue row goes (its slots go with it by ON DELETE CASCADE),
 * and call deps.mailQueued() after the commit. Returns how many e-mails were queued.
 */
export async function notifyVenueDeleted(trx: Transaction<Database>, deps: MailDeps, venueId: number): Promise<number> {
  const rows = await scheduledSlots(trx).where('venues.id', '=', venueId).execute();
  const now = deps.clock.now();
  let queued = 0;
  for (const slots of groupBy(rows, (r) => r.act_id).values()) {
    const first = slots[0]!;
    await enqueueMail(
      trx,
      venueDeletedMail(deps.festival, {
        to: first.owner_email,
        ownerName: first.owner_name,
        actName: first.act_name,
        address: first.address,
        slots: mailSlots(
          deps,
          slots.map((s) => s.slot),
        ),
        actUrl: `${deps.publicUrl}/acts/${first.act_id}`,
      }),
      now,
    );
    queued += 1;
  }
  return queued;
}

/**
 * Issue 4: deleting an act frees its slots and tells each host it was scheduled with. Call it
 * inside the delete's transaction, before the act row goes (ON DELETE SET NULL frees the
 * slots), and call deps.mailQueued() after the commit. Returns how many e-mails were queued.
 */
export async function notifyActDeleted(trx: Transaction<Database>, deps: MailDeps, actId: number): Promise<number> {
  const rows = await scheduledSlots(trx).where('acts.id', '=', actId).execute();
  const now = deps.clock.now();
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
        ),
        slotsUrl: `${deps.publicUrl}/venues/${first.venue_id}/slots/edit`,
      }),
      now,
    );
    queued += 1;
  }
  return queued;
}
