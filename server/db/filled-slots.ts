import type { Queryable } from './schema.js';

/** Every filled venue slot, joined to its venue and its act: what the schedule, its notices and exports read. */
export function filledSlots(q: Queryable) {
  return q
    .selectFrom('venue_slots')
    .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
    .innerJoin('acts', 'acts.id', 'venue_slots.scheduled_act_id');
}

/** Every filled venue slot with both owners: the venue's as `host`, the act's as `performer`. */
export function filledSlotsWithOwners(q: Queryable) {
  return filledSlots(q)
    .innerJoin('users as host', 'host.id', 'venues.creator_id')
    .innerJoin('users as performer', 'performer.id', 'acts.creator_id');
}

/**
 * The filled slots the public schedule shows (docs/behaviour.md#moderation): a hidden act's sets,
 * and every set at a hidden venue, are left out; with `rain` (the rain date in force), so is every
 * set whose act or porch cannot come that day (docs/decisions/0054-rain-date-and-release.md).
 */
export function publicFilledSlots(q: Queryable, rain = false) {
  return filledSlots(q)
    .where('venues.hidden_at', 'is', null)
    .where('acts.hidden_at', 'is', null)
    .$if(rain, (qb) => qb.where('venues.rain_date_available', '=', true).where('acts.rain_date_available', '=', true));
}

/**
 * The people with a scheduled set: the owner of a venue or of an act in a filled slot, each once
 * (what the rain switch mails, and the "scheduled" audience of a festival mail).
 */
export function peopleWithScheduledSets(q: Queryable) {
  const hosts = q
    .selectFrom('venue_slots')
    .innerJoin('venues', 'venues.id', 'venue_slots.venue_id')
    .select('venues.creator_id as user_id')
    .where('venue_slots.scheduled_act_id', 'is not', null);
  const performers = q
    .selectFrom('venue_slots')
    .innerJoin('acts', 'acts.id', 'venue_slots.scheduled_act_id')
    .select('acts.creator_id as user_id');
  return q.selectFrom('users').where((eb) => eb.or([eb('users.id', 'in', hosts), eb('users.id', 'in', performers)]));
}
