import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { MapConfig } from '../../../contract/festival';
import type { Venue } from '../../../contract/venues';
import { VenueSlots } from '../venues/components/venue-slots';
import { distanceLabel } from './distance';
import { ChosenVenue, MapOrNote } from './map-view-parts';
import { hasPin, NearMeBar, useByDistance, useNearMe } from './near-me';
import type { MapVenue } from './pin-layer';

interface Props {
  /** The festival's map settings; without them the venues are listed only. */
  map: MapConfig | undefined;
  venues: readonly Venue[];
}

/** Where "Skip the map" takes the focus: the venues listed under it. */
const VENUE_LIST_HEADING = 'map-venue-list';

/**
 * The venue list's Map view (docs/decisions/0034-amenity-filters-and-the-venues-map.md): a marker
 * per venue of the filtered list that has a pin; a tap, Enter or Space shows the venue, its slots
 * and line-up, its amenities and a directions link; the same venues are listed under the map, and
 * "Near me" orders that list by distance and shows where you are on the map.
 */
export function VenueMapView({ map, venues }: Props) {
  const [selected, setSelected] = useState<number | null>(null);
  const { here, status, ask } = useNearMe();
  const markers: MapVenue[] = useMemo(
    () =>
      venues.filter(hasPin).map((v) => ({
        id: v.id,
        latitude: v.latitude,
        longitude: v.longitude,
        label: v.address,
        playing: false,
      })),
    [venues],
  );
  const ordered = useByDistance(venues, here);
  const chosen = venues.find((v) => v.id === selected);

  return (
    <div className="schedule-map-view">
      <NearMeBar status={status} onAsk={ask} />
      <MapOrNote
        map={map}
        venues={markers}
        chosen={selected}
        here={here}
        onSelect={setSelected}
        skipTo={VENUE_LIST_HEADING}
      />
      <ChosenVenue venue={chosen}>
        {(venue) => (
          <div className="mb-2">
            <VenueSlots slots={venue.available_slots} />
          </div>
        )}
      </ChosenVenue>
      <h2 className="h5 mt-3" id={VENUE_LIST_HEADING} tabIndex={-1}>
        Venues on the map
      </h2>
      <ol className="list-group venue-distance-list" aria-label="Venues">
        {ordered.map(({ item: venue, metres }) => (
          <li key={venue.id} className="list-group-item d-flex flex-wrap gap-2 align-items-baseline">
            <Link to={`/venues/${venue.id}`}>{venue.address}</Link>
            {metres !== null && <span className="venue-distance small">{distanceLabel(metres)}</span>}
            {!hasPin(venue) && <span className="small text-body-secondary">No pin yet</span>}
            <button type="button" className="btn btn-link btn-sm p-0 ms-auto" onClick={() => setSelected(venue.id)}>
              Details<span className="visually-hidden"> of {venue.address}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
