import { Link } from 'react-router';
import type { VenueSlot } from '../../../../contract/venues';
import { byStartTime, slotTime } from '../../../components/catalogue/slot-times';
import { useFestivalConfig } from '../../../lib/festival';

/**
 * docs/behaviour.md#venue-and-act-cards: per offered slot, 'Available' or 'Scheduled to host' and a
 * link to the act; the line-up in time order, each slot with its clock times and the festival's
 * zone.
 */
export function VenueSlots({ slots }: { slots: readonly VenueSlot[] }) {
  const festival = useFestivalConfig();
  const sorted = byStartTime(festival, slots, (s) => s.slot_def);
  if (sorted.length === 0) return <p className="mb-0">No slots offered.</p>;
  return (
    <ul className="list-unstyled mb-0 venue-slots">
      {sorted.map((slot) => {
        const time = slotTime(festival, slot.slot_def);
        return (
          <li key={slot.slot_def}>
            <span className="fw-semibold">
              {slot.slot_def}
              {time && <span className="fw-normal text-body-secondary"> ({time})</span>}:
            </span>{' '}
            {slot.scheduled_act ? (
              <>
                Scheduled to host <Link to={`/acts/${slot.scheduled_act.id}`}>{slot.scheduled_act.name}</Link>
              </>
            ) : (
              <span className="text-success-emphasis">Available</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
