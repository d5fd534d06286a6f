import { icalendar } from '../../../contract/icalendar';
import { setUid } from '../../../contract/icalendar';
import type { SlotWindow } from '../../../contract/festival-time';
import type { FestivalConfig } from '../../../contract/festival';
import { fullAddress } from '../../../contract/places';
import type { ScheduleSet } from '../schedule/lib/schedule-sets';

/** My day as an iCalendar file, built on the device from the schedule it already holds. */
export function myDayCalendar(
  festival: FestivalConfig,
  windows: readonly SlotWindow[],
  sets: readonly ScheduleSet[],
  origin: string,
  now: number,
): string {
  const host = new URL(origin).host;
  return icalendar(
    sets.flatMap((set) => {
      const w = windows[set.slot];
      if (!w) return [];
      return [
        {
          uid: setUid(set.venueId, set.slot + 1, host),
          start: w.start,
          end: w.end,
          summary: set.cell.act_name,
          // The full address and the pin, as the server's calendar files write them.
          location: fullAddress(festival.town, set.address),
          ...(set.venue.latitude != null && set.venue.longitude != null
            ? { geo: { latitude: set.venue.latitude, longitude: set.venue.longitude } }
            : {}),
          url: `${origin}/acts/${set.cell.act_id}`,
        },
      ];
    }),
    { name: `${festival.name} ${festival.year}: my day`, timeZone: festival.timezone, now },
  );
}

/** Hands a text file to the browser's download, as a named file. */
export function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
