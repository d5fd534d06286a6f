import type { SlotDef } from '../../contract/enums';
import type { FestivalConfig, SlotConfig } from '../../contract/festival';

/**
 * A clock time as the schedule's column titles write it (docs/behaviour.md#schedule: '12pm-1:00pm,
 * 1:30pm-2:30pm, 3:00pm-4:00pm, 4:30pm-5:30pm'): noon and midnight as '12pm' and '12am', every
 * other time with its minutes, '1:00pm'.
 */
export function scheduleClock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  if (m === 0 && h % 12 === 0) return `12${suffix}`;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')}${suffix}`;
}

/** A slot's column title: '12pm-1:00pm'. */
export function scheduleSlotTime(slot: Pick<SlotConfig, 'start' | 'end'>): string {
  return `${scheduleClock(slot.start)}-${scheduleClock(slot.end)}`;
}

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
    return { key, slot, title: config ? scheduleSlotTime(config) : slot };
  });
}
