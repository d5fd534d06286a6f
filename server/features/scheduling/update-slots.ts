import type { Transaction } from 'kysely';
import type { SlotDef } from '../../../contract/enums.js';
import type { UpdateVenueSlotsInput } from '../../../contract/venues.js';
import type { Database, UserRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { isOwnerOrAdmin } from '../auth/policy.js';
import { queueScheduleNotices } from './notices.js';
import { findActsWithOwners, lockScheduleVersion, lockVenue, venueOfActAtSlot, venueSlots } from './queries.js';
import { slotLabel } from './slot-times.js';

interface SlotChange {
  kind: 'scheduled' | 'unscheduled';
  actId: number;
  slot: SlotDef;
}

/** Thrown inside the transaction when the act-per-slot-time index refuses a write; mapped to 409 after rollback. */
class SlotTaken extends Error {
  constructor(
    readonly actId: number,
    readonly actName: string,
    readonly slot: SlotDef,
    readonly field: string,
  ) {
    super(`act ${actId} already plays ${slot}`);
  }
}

/** Which unique index a violation hit: (venue_id, slot_def) or (scheduled_act_id, slot_def). */
function hitActSlotIndex(err: unknown): boolean {
  const e = err as { constraint?: string; message?: string };
  return e.constraint === 'venue_slots_act_slot_key' || /venue_slots\.scheduled_act_id/.test(e.message ?? '');
}

// PostgreSQL could still pick a deadlock victim if other code locked rows in another order than
// the one lockScheduleVersion keeps: the whole save is then retried.
const RETRYABLE = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * PATCH /v1/venues/{id}: the venue's slots as a whole (docs/behaviour.md#states-and-transitions).
 * In one transaction: slots left out are deleted (their acts unscheduled), new ones inserted,
 * changed ones updated, and a notice to every act owner concerned is written or moved on (one
 * summary mail per act and venue after a run of changes, docs/decisions/0038-coalesced-notices.md). The unique
 * index (scheduled_act_id, slot_def) decides whether an act is free at a slot time, so of two hosts
 * saving the same act into the same slot time at once exactly one wins; the other's whole request
 * rolls back and becomes a 409 naming the act and the slot.
 */
export async function saveVenueSlots(
  deps: Pick<Deps, 'db' | 'clock' | 'festival' | 'notices'>,
  venueId: number,
  input: UpdateVenueSlotsInput,
  user: Pick<UserRow, 'id' | 'is_admin'>,
): Promise<number> {
  return inScheduleTransaction(deps, venueId, (trx) => writeVenueSlots(trx, deps, venueId, input, user));
}

/**
 * Runs a schedule write in one transaction, as a host's save does: retried on a PostgreSQL
 * deadlock, and an act already playing at that time elsewhere becomes a 409 naming the act, the
 * slot and where it plays (`venueId` is the venue the request is about, if any).
 */
export async function inScheduleTransaction<T>(
  deps: Pick<Deps, 'db' | 'festival'>,
  venueId: number | null,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const { db } = deps;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.kysely.transaction().execute(work);
    } catch (err) {
      if (err instanceof SlotTaken) {
        // The transaction has rolled back; the winner's row is committed and can be read.
        const where = await venueOfActAtSlot(db.kysely, err.actId, err.slot);
        const at = where && where.id !== venueId ? `at ${where.address}` : 'at another venue';
        throw conflict(
          `"${err.actName}" is already scheduled to play ${slotLabel(deps.festival, err.slot)} ${at}.`,
          err.field,
        );
      }
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && RETRYABLE.has(code) && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

/**
 * One venue's slots as a whole, inside the caller's transaction (after lockScheduleVersion on
 * PostgreSQL, which this takes first). Returns how many scheduling notices were written.
 */
export async function writeVenueSlots(
  trx: Transaction<Database>,
  deps: Pick<Deps, 'db' | 'clock' | 'festival' | 'notices'>,
  venueId: number,
  input: UpdateVenueSlotsInput,
  user: Pick<UserRow, 'id' | 'is_admin'>,
): Promise<number> {
  await lockScheduleVersion(trx, deps.db.dialect);
  const venue = await lockVenue(trx, deps.db.dialect, venueId);
  if (!venue) throw notFound('Venue not found');
  if (!isOwnerOrAdmin(user, venue.creator_id)) throw forbidden();

  const wanted = input.available_slots.map((s, index) => ({
    slot: s.slot_def,
    actId: s.scheduled_act_id ?? null,
    field: `available_slots.${index}.scheduled_act_id`,
  }));
  const current = await venueSlots(trx, venueId);
  const acts = await findActsWithOwners(trx, [
    ...wanted.flatMap((w) => (w.actId === null ? [] : [w.actId])),
    ...current.flatMap((c) => (c.scheduled_act_id === null ? [] : [c.scheduled_act_id])),
  ]);
  for (const w of wanted) {
    if (w.actId !== null && !acts.has(w.actId)) throw badRequest(`There is no act with id ${w.actId}.`, w.field);
  }

  const changes: SlotChange[] = [];
  const wantedSlots = new Set(wanted.map((w) => w.slot));
  // Removed slots first: an act taken out of one slot of this venue is never in the way below.
  const removed = current.filter((c) => !wantedSlots.has(c.slot_def));
  if (removed.length > 0) {
    await trx
      .deleteFrom('venue_slots')
      .where(
        'id',
        'in',
        removed.map((r) => r.id),
      )
      .execute();
    for (const r of removed) {
      if (r.scheduled_act_id !== null)
        changes.push({ kind: 'unscheduled', actId: r.scheduled_act_id, slot: r.slot_def });
    }
  }

  for (const w of wanted) {
    const existing = current.find((c) => c.slot_def === w.slot);
    if (existing && existing.scheduled_act_id === w.actId) continue;
    try {
      if (existing) {
        await trx.updateTable('venue_slots').set({ scheduled_act_id: w.actId }).where('id', '=', existing.id).execute();
      } else {
        await trx
          .insertInto('venue_slots')
          .values({ venue_id: venueId, slot_def: w.slot, scheduled_act_id: w.actId })
          .execute();
      }
    } catch (err) {
      if (isUniqueViolation(err) && w.actId !== null && hitActSlotIndex(err)) {
        throw new SlotTaken(w.actId, acts.get(w.actId)?.name ?? `Act ${w.actId}`, w.slot, w.field);
      }
      if (isUniqueViolation(err))
        throw conflict('The slots of this venue changed while you were saving. Please reload and try again.');
      throw err;
    }
    if (existing?.scheduled_act_id != null)
      changes.push({ kind: 'unscheduled', actId: existing.scheduled_act_id, slot: w.slot });
    if (w.actId !== null) changes.push({ kind: 'scheduled', actId: w.actId, slot: w.slot });
  }

  // Each changed act's slots here as they were before this save: a notice's run keeps the first.
  const before = new Map<number, SlotDef[]>();
  for (const { actId } of changes) {
    if (!acts.has(actId) || before.has(actId)) continue;
    before.set(
      actId,
      current.filter((c) => c.scheduled_act_id === actId).map((c) => c.slot_def),
    );
  }
  // A change by anyone but the porch's own host (an admin, an applied draft) is the committee's.
  return queueScheduleNotices(trx, deps, venue.id, before, venue.creator_id !== user.id);
}
