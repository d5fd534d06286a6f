import { Link } from 'react-router';
import type { Act } from '../../../../contract/acts';
import { ACT_STATUS } from '../../../../contract/act-status';
import { byStartTime, slotTime } from '../../../components/catalogue/slot-times';
import { useFestivalConfig } from '../../../lib/festival';

/**
 * docs/behaviour.md#venue-and-act-cards: 'Looking for a host', or 'Scheduled to play' with each
 * slot and venue, in time order, each slot with its clock times: 'Slot 2, 1:30pm-2:30pm EDT at 27
 * Church Street'.
 */
export function ActStatus({ slots }: { slots: Act['scheduled_venue_slots'] }) {
  const festival = useFestivalConfig();
  if (slots.length === 0) return <p className="mb-0 fw-semibold">{ACT_STATUS.looking}</p>;
  const sorted = byStartTime(festival, slots, (s) => s.slot_def);
  return (
    <>
      <p className="mb-1 fw-semibold">{ACT_STATUS.scheduled}</p>
      <ul className="mb-0">
        {sorted.map((slot) => {
          const time = slotTime(festival, slot.slot_def);
          return (
            <li key={`${slot.slot_def}-${slot.venue.id}`}>
              {slot.slot_def}
              {time && `, ${time}`} at <Link to={`/venues/${slot.venue.id}`}>{slot.venue.address}</Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
