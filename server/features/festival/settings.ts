import type { FestivalConfig } from '../../../contract/festival.js';
import { zonedInstant } from '../../../contract/festival-time.js';
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
