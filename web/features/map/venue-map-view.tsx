import { useMemo } from 'react';
import type { MapConfig } from '../../../contract/festival';
import type { Venue } from '../../../contract/venues';
import { VenueSlots } from '../venues/components/venue-slots';
import { MapAndList } from './map-view-parts';
import { hasPin } from './near-me';
import type { MapVenue } from './pin-layer';

interface Props {
  /** The festival's map settings; without them the venues are listed only. */
  map: MapConfig | undefined;
  venues: readonly Venue[];
}

/**
 * The venue list's Map view (docs/decisions/0034-amenity-filters-and-the-venues-map.md): a marker
 * per venue of the filtered list that has a pin; a tap, Enter or Space shows the venue, its slots
 * and line-up, its amenities and a directions link; the same venues are listed under the map, and
 * "Near me" orders that list by distance and shows where you are on the map.
 */
export function VenueMapView({ map, venues }: Props) {
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

  return (
    <MapAndList
      map={map}
      venues={venues}
      markers={markers}
      listHeading="Venues on the map"
      chosen={(venue) => (
        <div className="mb-2">
          <VenueSlots slots={venue.available_slots} />
        </div>
      )}
      row={(venue) => !hasPin(venue) && <span className="small text-body-secondary">No pin yet</span>}
      choose={(venue) => (
        <>
          Details<span className="visually-hidden"> of {venue.address}</span>
        </>
      )}
    />
  );
}
