import type { FestivalConfig } from '../../../contract/festival';
import { slotLabelWithZone, slotWindows } from '../../../contract/festival-time';

/**
 * A slot's clock times with the festival's zone from this edition's configuration, e.g.
 * '1:30pm-2:30pm EDT' (contract/festival-time.ts: the one festival clock, whatever the device's zone).
 */
export function slotTime(festival: FestivalConfig | undefined, slot: string): string | undefined {
  return festival ? slotLabelWithZone(festival, festival.event.date, slot) : undefined;
}

/**
 * Sorts things that name a slot by when the slot starts on the festival day (then by name), so a
 * line-up reads in time order whatever the slots are called.
 */
export function byStartTime<T>(
  festival: FestivalConfig | undefined,
  items: readonly T[],
  slotOf: (item: T) => string,
): T[] {
  const starts = new Map((festival ? slotWindows(festival, festival.event.date) : []).map((w) => [w.name, w.start]));
  const start = (item: T) => starts.get(slotOf(item)) ?? Number.MAX_SAFE_INTEGER;
  // Names compare by code unit: `localeCompare` would load the browser's collation data for it.
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...items].sort((a, b) => start(a) - start(b) || byName(slotOf(a), slotOf(b)));
}
