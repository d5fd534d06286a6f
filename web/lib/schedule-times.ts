import type { SlotDef } from '../../contract/choices';
import { slotRangeLabel } from '../../contract/festival-time';
import type { FestivalConfig } from '../../contract/festival';

/**
 * The schedule's column titles write a clock time (docs/behaviour.md#schedule: '12pm-1:00pm,
 * 1:30pm-2:30pm, 3:00pm-4:00pm, 4:30pm-5:30pm') as every festival clock does: noon and midnight
 * as '12pm' and '12am', every other time with its minutes, '1:00pm'; a slot as '12pm-1:00pm'.
 */
export { scheduleClock, slotRangeLabel as scheduleSlotTime } from '../../contract/festival-time';

export const SCHEDULE_SLOT_KEYS = ['slot_1', 'slot_2', 'slot_3', 'slot_4'] as const;
export type ScheduleSlotKey = (typeof SCHEDULE_SLOT_KEYS)[number];

export interface ScheduleColumn {
  key: ScheduleSlotKey;
  slot: SlotDef;
  title: string;
}

/**
 * The four slot columns of the schedule, titled with this edition's times
 * (docs/behaviour.md#constants-and-limits).
 */
export function scheduleColumns(festival: Pick<FestivalConfig, 'slots'>): ScheduleColumn[] {
  return SCHEDULE_SLOT_KEYS.map((key, i) => {
    const slot = `Slot ${i + 1}` as SlotDef;
    const config = festival.slots.find((s) => s.name === slot) ?? festival.slots[i];
    return { key, slot, title: config ? slotRangeLabel(config) : slot };
  });
}
