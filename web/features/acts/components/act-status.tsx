import { Link } from 'react-router';
import { ACT_STATUS, type Act } from '../../../../contract/acts';

/** Spec 2: 'Looking for a host', or 'Scheduled to play' with each slot and venue. */
export function ActStatus({ slots }: { slots: Act['scheduled_venue_slots'] }) {
  if (slots.length === 0) return <p className="mb-0 fw-semibold">{ACT_STATUS.looking}</p>;
  const sorted = [...slots].sort((a, b) => a.slot_def.localeCompare(b.slot_def));
  return (
    <>
      <p className="mb-1 fw-semibold">{ACT_STATUS.scheduled}</p>
      <ul className="mb-0">
        {sorted.map((slot) => (
          <li key={`${slot.slot_def}-${slot.venue.id}`}>
            {slot.slot_def} at <Link to={`/venues/${slot.venue.id}`}>{slot.venue.address}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}
