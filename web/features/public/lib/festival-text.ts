import type { FestivalConfig } from '../../../../contract/festival';
import { longDate } from '../../../components/catalogue/festival-dates';
import { clockWithMinutes } from '../../../../contract/festival-time';

type TimeRange = FestivalConfig['event'];

/** '2025-06-14' 12:00 to 17:30 reads as 'Saturday, June 14, 2025, 12:00pm to 5:30pm'. */
export function dateAndTime(range: TimeRange): string {
  return `${longDate(range.date)}, ${clockWithMinutes(range.start)} to ${clockWithMinutes(range.end)}`;
}

/** The festival's name with its edition, as the nav bar writes it: 'Porchfest 2025'. */
export function editionName(festival: FestivalConfig): string {
  return `${festival.name} ${festival.year}`;
}

/** When the first performers arrive and the last set ends: the hours a host is needed at home. */
export function festivalHours(festival: FestivalConfig): { firstSetup: string; lastEnd: string } {
  const setups = festival.slots.map((s) => s.setup).sort();
  const ends = festival.slots.map((s) => s.end).sort();
  return {
    firstSetup: clockWithMinutes(setups[0] ?? festival.event.start),
    lastEnd: clockWithMinutes(ends.at(-1) ?? festival.event.end),
  };
}
