import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MapConfig } from '../../../contract/festival';
import { VenueAmenities } from '../venues/components/venue-amenities';
import type { MapVenue } from './porch-map';

// Leaflet is its own chunk, fetched only when a Map view opens.
const PorchMap = lazy(() => import('./porch-map'));

interface MapOrNoteProps {
  /** The festival's map settings; without them the venues are listed only. */
  map: MapConfig | undefined;
  venues: readonly MapVenue[];
  onSelect: (id: number) => void;
}

/** The porch map, loaded when first shown; a line saying the venues are listed below when there is no map. */
export function MapOrNote({ map, venues, onSelect }: MapOrNoteProps) {
  if (!map) return <p>This festival has no map; the venues are listed below.</p>;
  return (
    <Suspense fallback={<p>Loading the map…</p>}>
      <PorchMap map={map} venues={venues} onSelect={onSelect} />
    </Suspense>
  );
}

type ChosenVenueFields = ComponentProps<typeof VenueAmenities>['venue'] & {
  id: number;
  address: string;
  address_url: string;
};

interface ChosenVenueProps<V> {
  /** The venue picked on the map or in the list, if any. */
  venue: V | undefined;
  /** What the panel shows of it between its amenities and the directions (its line-up, its slots). */
  children: (venue: V) => ReactNode;
}

/** The panel under the map: the chosen venue's address (a link to its page), amenities and directions. */
export function ChosenVenue<V extends ChosenVenueFields>({ venue, children }: ChosenVenueProps<V>) {
  return (
    <section className="venue-panel mt-2" aria-live="polite" aria-label="Chosen venue">
      {venue && (
        <div className="card card-body">
          <h2 className="h5">
            <Link to={`/venues/${venue.id}`}>{venue.address}</Link>
          </h2>
          <VenueAmenities venue={venue} />
          {children(venue)}
          <a href={venue.address_url} target="_blank" rel="noopener noreferrer">
            Directions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </div>
      )}
    </section>
  );
}
