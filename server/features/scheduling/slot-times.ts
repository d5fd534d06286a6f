import type { SlotDef } from '../../../contract/enums.js';
import type { FestivalConfig } from '../../../contract/festival.js';
import { scheduleClock, longDate, slotLabelWithZone } from '../../../contract/festival-time.js';

export interface SlotTime {
  slot: SlotDef;
  /** '1:30pm-2:30pm EDT' */
  time: string;
  /** '1:00pm' */
  setup: string;
  /** 'Saturday, June 14, 2025' */
  date: string;
}

/**
 * A slot's time, set-up time and day from this edition's configuration, for the e-mails, in the
 * festival's zone with its abbreviation, as the pages write them. `day` is the festival day in force (the rain date while the committee's switch is on).
 */
export function slotTime(festival: FestivalConfig, slot: SlotDef, day: string = festival.event.date): SlotTime {
  const config = festival.slots.find((s) => s.name === slot);
  const date = longDate(day);
  if (!config) return { slot, time: '', setup: '', date };
  return { slot, time: slotLabelWithZone(festival, day, slot) ?? '', setup: scheduleClock(config.setup), date };
}

/** 'Slot 2 (1:30pm-2:30pm EDT)': how a message names a slot. */
export function slotLabel(festival: FestivalConfig, slot: SlotDef): string {
  const { time } = slotTime(festival, slot);
  return time ? `${slot} (${time})` : slot;
}
