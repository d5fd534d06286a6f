import type { SlotDef } from '../../../contract/enums';
import type { FestivalConfig } from '../../../contract/festival';

/** '13:30' reads as '1:30pm', the way spec 9 writes the slot times. */
export function clockLabel(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'pm' : 'am';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')}${suffix}`;
}

/** The time of a slot from this edition's configuration, e.g. '12:00pm-1:00pm'. */
export function slotTime(festival: FestivalConfig | undefined, slot: SlotDef): string | undefined {
  const config = festival?.slots.find((s) => s.name === slot);
  return config ? `${clockLabel(config.start)}-${clockLabel(config.end)}` : undefined;
}
