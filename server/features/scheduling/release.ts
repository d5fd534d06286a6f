import type { ScheduleEntry } from '../../../contract/schedule.js';
import type { Queryable } from '../../db/schema.js';

/**
 * What a host or performer sees before the release: the rows of their own venues whole, and in
 * other venues only the cells of their own acts.
 */
export function ownBookings(
  entries: readonly ScheduleEntry[],
  venueIds: ReadonlySet<number>,
  actIds: ReadonlySet<number>,
): ScheduleEntry[] {
  const keys = ['slot_1', 'slot_2', 'slot_3', 'slot_4'] as const;
  return entries.flatMap((entry) => {
    if (venueIds.has(entry.id)) return [entry];
    const mine = { ...entry };
    let any = false;
    for (const key of keys) {
      const cell = entry[key];
      if (cell && actIds.has(cell.act_id)) any = true;
      else mine[key] = null;
    }
    return any ? [mine] : [];
  });
}

export async function ownedIds(q: Queryable, userId: number): Promise<{ venues: Set<number>; acts: Set<number> }> {
  const venues = await q.selectFrom('venues').select('id').where('creator_id', '=', userId).execute();
  const acts = await q.selectFrom('acts').select('id').where('creator_id', '=', userId).execute();
  return { venues: new Set(venues.map((v) => v.id)), acts: new Set(acts.map((a) => a.id)) };
}
