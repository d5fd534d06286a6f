import { VENUE_AMENITIES, type VenueAmenity } from '../../../../contract/choices';
import { AMENITY_ICONS } from './venue-amenities';

interface Props {
  /** Prefix of each checkbox's id, unique on the page. */
  id: string;
  chosen: readonly VenueAmenity[];
  onChange: (amenities: VenueAmenity[]) => void;
  /** The legend is read by screen readers; shown only where no summary already says it. */
  legendHidden?: boolean;
  className?: string;
}

/**
 * The amenity filters of /venues and /schedule (docs/behaviour.md#venue-list,
 * docs/behaviour.md#schedule): a checkbox per amenity, each with its icon and label; a venue must
 * offer every one ticked.
 */
export function AmenityFilter({ id, chosen, onChange, legendHidden = false, className = '' }: Props) {
  const toggle = (amenity: VenueAmenity, on: boolean) =>
    onChange(
      on
        ? VENUE_AMENITIES.map((a) => a.key).filter((k) => k === amenity || chosen.includes(k))
        : chosen.filter((a) => a !== amenity),
    );
  return (
    <fieldset className={`amenity-filter ${className}`}>
      <legend className={legendHidden ? 'visually-hidden' : 'form-label fs-6 mb-1'}>Amenities</legend>
      {VENUE_AMENITIES.map((a) => (
        <div className="form-check form-check-inline" key={a.key}>
          <input
            id={`${id}-${a.key}`}
            type="checkbox"
            className="form-check-input"
            checked={chosen.includes(a.key)}
            onChange={(e) => toggle(a.key, e.target.checked)}
          />
          <label htmlFor={`${id}-${a.key}`} className="form-check-label">
            <span aria-hidden="true">{AMENITY_ICONS[a.key]} </span>
            {a.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
