import type { FestivalConfig } from '../../../contract/festival.js';
import { festivalDay } from '../../../contract/festival-time.js';
import type { Queryable } from '../../db/schema.js';
import { readSettings } from './settings.js';

/**
 * The festival day in force: the rain date while the committee's switch is on, else the event
 * date. The one server-side answer for every place that names the day (e-mails, calendar files),
 * read from the settings row so every app process agrees (docs/decisions/0026-committee-desk-rest.md).
 */
export async function currentFestivalDay(
  q: Queryable,
  festival: Pick<FestivalConfig, 'event' | 'rain_date'>,
): Promise<FestivalConfig['event']> {
  const settings = await readSettings(q);
  return festivalDay(festival, settings.rain_date_active);
}
