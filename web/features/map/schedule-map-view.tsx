import { useMemo } from 'react';
import { Link } from 'react-router';
import type { FestivalConfig } from '../../../contract/festival';
import type { NowAndNext } from '../../../contract/festival-time';
import type { ScheduleEntry } from '../../../contract/schedule';
import { SCHEDULE_SLOT_KEYS, scheduleSlotTime } from '../../lib/schedule-times';
import { MapAndList } from './map-view-parts';
import { hasPin } from './near-me';
import type { MapVenue } from './pin-layer';

/** The sets at `entry` in the slot playing now and in the one after it, where there are. */
const nowAndNextAt = (entry: ScheduleEntry, state: NowAndNext) => ({
  now: state.now === null ? null : entry[SCHEDULE_SLOT_KEYS[state.now]!],
  next: state.next === null ? null : entry[SCHEDULE_SLOT_KEYS[state.next]!],
});

interface Props {
  festival: FestivalConfig;
  entries: readonly ScheduleEntry[];
  state: NowAndNext;
}

/**
 * The schedule's Map view: a marker per venue, the chosen venue's line-up, and the same venues as
 * a list (the alternative to the map, and all that works when no tile loads). "Near me" orders
 * the list by distance (each venue with what plays there now and next) and shows where you are on
 * the map; venues without a pin come last.
 */
export function ScheduleMapView({ festival, entries, state }: Props) {
  const markers: MapVenue[] = useMemo(
    () =>
      entries.filter(hasPin).map((e) => {
        const { now, next } = nowAndNextAt(e, state);
        const plays = [now && `now ${now.act_name}`, next && `next ${next.act_name}`].filter(Boolean).join(', ');
        return {
          id: e.id,
          latitude: e.latitude,
          longitude: e.longitude,
          label: plays ? `${e.address}: ${plays}` : e.address,
          playing: Boolean(now),
        };
      }),
    [entries, state],
  );

  return (
    <MapAndList
      map={festival.map}
      venues={entries}
      markers={markers}
      listHeading="Venues"
      chosen={(venue) => (
        <ul className="list-unstyled mb-2">
          {SCHEDULE_SLOT_KEYS.map((key, i) => {
            const cell = venue[key];
            const slot = festival.slots[i];
            if (!cell || !slot) return null;
            return (
              <li key={key}>
                {scheduleSlotTime(slot)}: <Link to={`/acts/${cell.act_id}`}>{cell.act_name}</Link>
                {state.now === i && <span className="badge text-bg-success ms-1">Now</span>}
                {state.next === i && <span className="badge text-bg-secondary ms-1">Next</span>}
              </li>
            );
          })}
        </ul>
      )}
      row={(entry) => {
        const { now, next } = nowAndNextAt(entry, state);
        return (
          <>
            {now && <span className="small">Now: {now.act_name}</span>}
            {next && <span className="small">Next here: {next.act_name}</span>}
          </>
        );
      }}
      choose={(entry) => (
        <>
          Line-up<span className="visually-hidden"> at {entry.address}</span>
        </>
      )}
    />
  );
}
