import type { FestivalConfig } from '../../contract/festival';
import { festivalDay, slotWindows, type SlotWindow } from '../../contract/festival-time';

/**
 * GET /v1/festival as the web app reads it. `rain_date_active` is the committee's rain-date
 * switch: a server that does not send it yet means the event date.
 */
export type FestivalResponse = FestivalConfig & { rain_date_active?: boolean };

/**
 * Which day the festival takes place: the one place that decides it, so the rain-date switch
 * moves the schedule's now and next, My day and its calendar file together.
 */
export function festivalDayOf(festival: FestivalResponse): FestivalConfig['event'] {
  return festivalDay(festival, festival.rain_date_active === true);
}

/** The four slots' clock labels and instants on the festival day, in the festival's zone. */
export function festivalSlotWindows(festival: FestivalResponse): readonly SlotWindow[] {
  return slotWindows(festival, festivalDayOf(festival).date);
}
