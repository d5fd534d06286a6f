import type { SlotDef } from '../../../contract/enums.js';
import type { FestivalConfig } from '../../../contract/festival.js';

/** '13:30' as spec 9 writes it: '1:30pm'. */
export function clock12(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${h >= 12 ? 'pm' : 'am'}`;
}

/** '2025-06-14' as 'Saturday June 14, 2025' (spec 1 and 9). A calendar date: no time zone applies. */
export function longDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${isoDate}T00:00:00Z`))
    .replace(/^(\w+),/, '$1');
}

export interface SlotTime {
  slot: SlotDef;
  /** '1:30pm-2:30pm' */
  time: string;
  /** '1:00pm' */
  setup: string;
  /** 'Saturday June 14, 2025' */
  date: string;
}

/** A slot's time, set-up time and day from this edition's configuration, for the e-mails. */
export function slotTime(festival: FestivalConfig, slot: SlotDef): SlotTime {
  const config = festival.slots.find((s) => s.name === slot);
  const date = longDate(festival.event.date);
  if (!config) return { slot, time: '', setup: '', date };
  return { slot, time: `${clock12(config.start)}-${clock12(config.end)}`, setup: clock12(config.setup), date };
}

/** 'Slot 2 (1:30pm-2:30pm)': how a message names a slot. */
export function slotLabel(festival: FestivalConfig, slot: SlotDef): string {
  const { time } = slotTime(festival, slot);
  return time ? `${slot} (${time})` : slot;
}
