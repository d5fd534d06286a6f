import { useEffect, useState } from 'react';
import type { FestivalConfig } from '../../contract/festival';
import { scheduleClock, longDate, zonedDate, zonedTime } from '../../contract/festival-time';
import { useFestival } from '../lib/festival';
import { useOnline } from '../lib/online';
import { CACHE_NAMES } from '../sw/cache-names';

/** When the schedule the service worker keeps was served (its Date header), if it keeps one. */
async function scheduleSavedAt(): Promise<number | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(CACHE_NAMES.api);
  const response = await cache.match('/v1/schedule');
  const date = response?.headers.get('date');
  const at = date ? Date.parse(date) : NaN;
  return Number.isNaN(at) ? null : at;
}

/** '2:05pm' today in the festival's zone, or 'Friday, June 13, 2025, 2:05pm' on another day. */
function asOf(instant: number, festival: FestivalConfig): string {
  const time = scheduleClock(zonedTime(instant, festival.timezone));
  const day = zonedDate(instant, festival.timezone);
  return day === zonedDate(Date.now(), festival.timezone) ? time : `${longDate(day)}, ${time}`;
}

/**
 * Offline, says so at the top of every screen, with the age of the schedule on screen (the
 * festival's own clock, whatever the phone's zone), and that sending needs a connection.
 * Nothing on screen is replaced or reloaded.
 */
export function OfflineBanner() {
  const online = useOnline();
  const { data: festival } = useFestival();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (online) return;
    let current = true;
    scheduleSavedAt()
      .then((at) => current && setSavedAt(at))
      .catch(() => current && setSavedAt(null));
    return () => {
      current = false;
    };
  }, [online]);

  return (
    <div role="status" className={online ? 'visually-hidden' : 'alert alert-warning rounded-0 mb-0 py-2 text-center'}>
      {online ? null : (
        <>
          <strong>
            {savedAt !== null && festival ? `Offline: schedule as of ${asOf(savedAt, festival)}` : 'Offline'}
          </strong>
          . Pages you have opened still show; sending a form needs a connection.
        </>
      )}
    </div>
  );
}
