import type { FestivalConfig } from '../../../contract/festival.js';
import { zonedInstant } from '../../../contract/festival-time.js';
import type { ScheduleEntry } from '../../../contract/schedule.js';
import type { Queryable } from '../../db/schema.js';

export interface FestivalSettings {
  schedule_release_at: Date | null;
  rain_date_active: boolean;
}

/** The committee's switches (migration 0006): one row, read with the schedule and by GET /v1/festival. */
export async function readSettings(q: Queryable): Promise<FestivalSettings> {
  const row = await q
    .selectFrom('festival_settings')
    .select(['schedule_release_at', 'rain_date_active'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return {
    schedule_release_at: row?.schedule_release_at ? new Date(row.schedule_release_at) : null,
    rain_date_active: Boolean(row?.rain_date_active),
  };
}

/** The configuration's release time as an instant, or null when the configuration names none. */
export function configuredRelease(festival: Pick<FestivalConfig, 'schedule_release' | 'timezone'>): Date | null {
  const release = festival.schedule_release;
  return release ? new Date(zonedInstant(release.date, release.time, festival.timezone)) : null;
}

/** The release time in force: the desk's, else the configuration's; null means public at once. */
export function effectiveRelease(
  festival: Pick<FestivalConfig, 'schedule_release' | 'timezone'>,
  settings: Pick<FestivalSettings, 'schedule_release_at'>,
): Date | null {
  return settings.schedule_release_at ?? configuredRelease(festival);
}

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
