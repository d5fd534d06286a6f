import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import type { Genre, SlotDef } from '../../../contract/enums.js';
import type { Dialect } from '../../db/connection.js';
import type { Database, Queryable } from '../../db/schema.js';
import { publicFilledSlots } from '../../db/filled-slots.js';

/** The schedule's version (migration 0004): one indexed read, made on every GET /v1/schedule. */
export async function readScheduleVersion(q: Queryable): Promise<number> {
  const row = await q.selectFrom('schedule_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

/** One scheduled act in one venue's slot: a cell of the public schedule. */
export interface ScheduledCellRow {
  venue_id: number;
  address: string;
  address_url: string;
  latitude: number | null;
  longitude: number | null;
  step_free: boolean;
  seating: boolean;
  shade: boolean;
  restroom_nearby: boolean;
  accessibility_note: string;
  slot_def: SlotDef;
  act_id: number;
  act_name: string;
  act_bio: string;
  act_type: Genre;
}

/** Where a venue is and what it offers a visitor: its pin, its amenities, its accessibility note. */
export const VENUE_PLACE_COLUMNS = [
  'venues.latitude',
  'venues.longitude',
  'venues.step_free',
  'venues.seating',
  'venues.shade',
  'venues.restroom_nearby',
  'venues.accessibility_note',
] as const;

/**
 * Every filled slot of every venue, in one query: the schedule is built from nothing else. With
 * `rain`, the sets that cannot happen on the rain date are left out.
 */
export function loadScheduledCells(q: Queryable, rain = false): Promise<ScheduledCellRow[]> {
  return publicFilledSlots(q, rain)
    .select([
      'venues.id as venue_id',
      'venues.address',
      'venues.address_url',
      ...VENUE_PLACE_COLUMNS,
      'venue_slots.slot_def',
      'acts.id as act_id',
      'acts.name as act_name',
      'acts.bio as act_bio',
      'acts.type as act_type',
    ])
    .execute();
}

/**
 * PostgreSQL: takes the schedule_version row's lock, first thing in a slots save. The triggers of
 * migration 0004 take it before a venue or act row is written, so taking it here before the
 * venue row keeps one lock order for every schedule writer, and none deadlocks on another.
 * SQLite serializes writes and has no FOR UPDATE.
 */
export async function lockScheduleVersion(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  // Every schedule writer queues here by design, so under a burst of saves the wait is longer than
  // the lock_timeout that makes a stalled database a quick 503 (docs/decisions/0032-locked-database.md):
  // this transaction waits without a lock time-out, as long as statement_timeout lets a statement run.
  await sql`SET LOCAL lock_timeout = 0`.execute(trx);
  await trx.selectFrom('schedule_version').select('version').where('id', '=', 1).forUpdate().execute();
}

export interface ScheduleVenue {
  id: number;
  creator_id: number;
  address: string;
}

/**
 * The venue a slots change is about. On PostgreSQL its row is locked to the end of the
 * transaction, so two saves of one venue take turns (SQLite serializes every write anyway).
 */
export function lockVenue(
  trx: Transaction<Database>,
  dialect: Dialect,
  id: number,
): Promise<ScheduleVenue | undefined> {
  return trx
    .selectFrom('venues')
    .select(['id', 'creator_id', 'address'])
    .where('id', '=', id)
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The venue of a slots list, with whether the committee hid it (docs/behaviour.md#moderation). */
export function findVenueForSchedule(
  q: Queryable,
  id: number,
): Promise<(ScheduleVenue & { hidden_at: Date | null }) | undefined> {
  return q
    .selectFrom('venues')
    .select(['id', 'creator_id', 'address', 'hidden_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An act with its owner, as the scheduling e-mails need it. */
export interface ActWithOwner {
  id: number;
  name: string;
  owner_name: string;
  owner_email: string;
}

export async function findActsWithOwners(q: Queryable, ids: number[]): Promise<Map<number, ActWithOwner>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .selectFrom('acts')
    .innerJoin('users', 'users.id', 'acts.creator_id')
    .select(['acts.id', 'acts.name', 'users.name as owner_name', 'users.email as owner_email'])
    .where('acts.id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export interface SlotRow {
  id: number;
  slot_def: SlotDef;
  scheduled_act_id: number | null;
}

export function venueSlots(q: Queryable, venueId: number): Promise<SlotRow[]> {
  return q
    .selectFrom('venue_slots')
    .select(['id', 'slot_def', 'scheduled_act_id'])
    .where('venue_id', '=', venueId)
    .execute();
}

/** Where an act plays at a slot time now, if anywhere: names the other venue in a 409. */
export async function venueOfActAtSlot(
  q: Queryable,
  actId: number,
  slot: SlotDef,
): Promise<{ id: number; address: string } | undefined> {
  return q
    .selectFrom('venue_slots')
    .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
    .select(['venues.id', 'venues.address'])
    .where('venue_slots.scheduled_act_id', '=', actId)
    .where('venue_slots.slot_def', '=', slot)
    .executeTakeFirst();
}

export interface UnmatchedActRow {
  id: number;
  name: string;
  type: Genre;
  preferred_slots: SlotDef[];
}

/** The venue slots at this slot time that hold the act of the outer query. */
function setsInSlot(eb: ExpressionBuilder<Database, 'acts'>, slot: SlotDef) {
  return eb
    .selectFrom('venue_slots')
    .select('venue_slots.id')
    .whereRef('venue_slots.scheduled_act_id', '=', 'acts.id')
    .where('venue_slots.slot_def', '=', slot);
}

/**
 * docs/behaviour.md#states-and-transitions: the acts a venue may put into a slot: every act not
 * playing that slot time at another venue (an act plays once per slot time), which includes the act
 * already in this venue's slot.
 */
export async function findUnmatchedActs(
  q: Queryable,
  venueId: number,
  slot: SlotDef,
  /** The venue's owner or an admin asks: a hidden act already in this very slot stays listed. */
  keepHiddenInSlot: boolean,
): Promise<UnmatchedActRow[]> {
  // One query: the acts joined to their preferred slots (at most four rows an act), grouped here.
  const rows = await q
    .selectFrom('acts')
    .leftJoin('act_slots', 'act_slots.act_id', 'acts.id')
    .select(['acts.id', 'acts.name', 'acts.type', 'act_slots.slot_def'])
    // docs/behaviour.md#moderation: a hidden act is not offered, unless it is already in this
    // very slot and the venue's owner or an admin asks (so saving the slots screen does not take
    // it out unasked); anyone else never learns its name here.
    .where((eb) =>
      keepHiddenInSlot
        ? eb.or([
            eb('acts.hidden_at', 'is', null),
            eb.exists(setsInSlot(eb, slot).where('venue_slots.venue_id', '=', venueId)),
          ])
        : eb('acts.hidden_at', 'is', null),
    )
    .where((eb) => eb.not(eb.exists(setsInSlot(eb, slot).where('venue_slots.venue_id', '<>', venueId))))
    .orderBy('acts.name')
    .orderBy('acts.id')
    .orderBy('act_slots.slot_def')
    .execute();
  const acts: UnmatchedActRow[] = [];
  for (const row of rows) {
    let act = acts[acts.length - 1];
    if (act?.id !== row.id) {
      act = { id: row.id, name: row.name, type: row.type, preferred_slots: [] };
      acts.push(act);
    }
    if (row.slot_def !== null) act.preferred_slots.push(row.slot_def);
  }
  return acts;
}
