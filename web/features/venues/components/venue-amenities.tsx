import { VENUE_AMENITIES, type VenueAmenity } from '../../../../contract/choices';

/** The icon beside each amenity's label; decorative, the label says it in words. */
export const AMENITY_ICONS: Record<VenueAmenity, string> = {
  step_free: '♿',
  seating: '🪑',
  shade: '⛱',
  restroom_nearby: '🚻',
};

type WithAmenities = Record<VenueAmenity, boolean> & { accessibility_note: string };

/** A venue's amenities as icons with text labels, and its accessibility note; nothing when it has none. */
export function VenueAmenities({ venue, className = 'mb-2' }: { venue: WithAmenities; className?: string }) {
  const offered = VENUE_AMENITIES.filter((a) => venue[a.key]);
  if (offered.length === 0 && !venue.accessibility_note) return null;
  return (
    <div className={`venue-amenities small ${className}`}>
      {offered.length > 0 && (
        <ul className="list-inline mb-1" aria-label="Amenities">
          {offered.map((a) => (
            <li key={a.key} className="list-inline-item badge text-bg-light border">
              <span aria-hidden="true">{AMENITY_ICONS[a.key]} </span>
              {a.label}
            </li>
          ))}
        </ul>
      )}
      {venue.accessibility_note && (
        <p className="mb-0 venue-accessibility-note">
          <span className="fw-semibold">Accessibility: </span>
          {venue.accessibility_note}
        </p>
      )}
    </div>
  );
}
