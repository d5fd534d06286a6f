import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { FestivalConfig } from '../../../contract/festival';
import type { NowAndNext } from '../../../contract/festival-time';
import type { ScheduleEntry } from '../../../contract/schedule';
import { SCHEDULE_SLOT_KEYS, scheduleSlotTime } from '../../lib/schedule-times';
import { distanceLabel } from './distance';
import { ChosenVenue, MapOrNote } from './map-view-parts';
import { hasPin, NearMeBar, useByDistance, useNearMe } from './near-me';
import type { MapVenue } from './pin-layer';

/** Where "Skip the map" takes the focus: the venues listed under it. */
const SCHEDULE_LIST_HEADING = 'map-venue-list';

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
  const [selected, setSelected] = useState<number | null>(null);
  const { here, status, ask } = useNearMe();

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

  const ordered = useByDistance(entries, here);

  const chosen = entries.find((e) => e.id === selected);

  return (
    <div className="schedule-map-view">
      <NearMeBar status={status} onAsk={ask} />
      <MapOrNote
        map={festival.map}
        venues={markers}
        chosen={selected}
        here={here}
        onSelect={setSelected}
        skipTo={SCHEDULE_LIST_HEADING}
      />
      <ChosenVenue venue={chosen}>
        {(venue) => (
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
      </ChosenVenue>
      <h2 className="h5 mt-3" id={SCHEDULE_LIST_HEADING} tabIndex={-1}>
        Venues
      </h2>
      <ol className="list-group venue-distance-list" aria-label="Venues">
        {ordered.map(({ item: entry, metres }) => {
          const { now, next } = nowAndNextAt(entry, state);
          return (
            <li key={entry.id} className="list-group-item d-flex flex-wrap gap-2 align-items-baseline">
              <Link to={`/venues/${entry.id}`}>{entry.address}</Link>
              {metres !== null && <span className="venue-distance small">{distanceLabel(metres)}</span>}
              {now && <span className="small">Now: {now.act_name}</span>}
              {next && <span className="small">Next here: {next.act_name}</span>}
              <button type="button" className="btn btn-link btn-sm p-0 ms-auto" onClick={() => setSelected(entry.id)}>
                Line-up<span className="visually-hidden"> at {entry.address}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
