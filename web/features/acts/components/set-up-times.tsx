import { Link } from 'react-router';
import type { Act } from '../../../../contract/acts';
import { clockWithMinutes, slotRangeLabel, zoneAbbreviation } from '../../../../contract/festival-time';
import { byStartTime } from '../../../components/catalogue/slot-times';
import { useFestival } from '../../../lib/festival';
import { festivalDayOf } from '../../../lib/festival-day';

/**
 * My Acts: when to arrive at each porch to set up, from the configuration's slot set-up times, in
 * the festival's zone, in time order (issue 28, item 9). Nothing for an act without a set.
 */
export function SetUpTimes({ act }: { act: Act }) {
  const { data: festival } = useFestival();
  if (!festival || act.scheduled_venue_slots.length === 0) return null;
  const zone = zoneAbbreviation(festival.timezone, festivalDayOf(festival).date);
  const sets = byStartTime(festival, act.scheduled_venue_slots, (s) => s.slot_def);
  return (
    <div className="mt-2">
      <p className="small fw-semibold mb-1">Set-up times</p>
      <ul className="small mb-2">
        {sets.map((set) => {
          const slot = festival.slots.find((s) => s.name === set.slot_def);
          if (!slot) return null;
          return (
            <li key={`${set.venue.id}-${set.slot_def}`}>
              Set up at {clockWithMinutes(slot.setup)} {zone} at{' '}
              <Link to={`/venues/${set.venue.id}`}>{set.venue.address}</Link> for {set.slot_def} ({slotRangeLabel(slot)}
              )
            </li>
          );
        })}
      </ul>
    </div>
  );
}
