import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.js';

/** Every filled venue slot, joined to its venue and its act: what the schedule, its notices and exports read. */
export function filledSlots(q: Kysely<Database> | Transaction<Database>) {
  return q
    .selectFrom('venue_slots')
    .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
    .innerJoin('acts', 'acts.id', 'venue_slots.scheduled_act_id');
}

/** Every filled venue slot with both owners: the venue's as `host`, the act's as `performer`. */
export function filledSlotsWithOwners(q: Kysely<Database> | Transaction<Database>) {
  return filledSlots(q)
    .innerJoin('users as host', 'host.id', 'venues.creator_id')
    .innerJoin('users as performer', 'performer.id', 'acts.creator_id');
}

/**
 * The filled slots the public schedule shows (docs/behaviour.md#moderation): a hidden act's sets,
 * and every set at a hidden venue, are left out.
 */
export function publicFilledSlots(q: Kysely<Database> | Transaction<Database>) {
  return filledSlots(q).where('venues.hidden_at', 'is', null).where('acts.hidden_at', 'is', null);
}

