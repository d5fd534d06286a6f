import { lazy, Suspense, useSyncExternalStore, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MapConfig } from '../../../contract/festival';
import { VenueAmenities } from '../venues/components/venue-amenities';
import type { PorchMapProps } from './porch-map';

// Leaflet is its own chunk, fetched only when a Map view opens, and only in a browser: the server's
// build (import.meta.env.SSR is decided as it builds) has no map and no Leaflet, which needs a
// window (docs/decisions/0056).
const PorchMap = import.meta.env.SSR ? null : lazy(() => import('./porch-map'));

const unchanging = () => () => undefined;

/** False on the server and while the browser takes a drawn page over (hydration); true after. */
const useInBrowser = () =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );

type MapOrNoteProps = Omit<PorchMapProps, 'map'> & {
  /** The festival's map settings; without them the venues are listed only. */
  map: MapConfig | undefined;
};

/**
 * The porch map, loaded when first shown; a line saying the venues are listed below when there is
 * no map. A page the server drew shows "Loading the map…" in its place, as the browser's first
 * drawing does, and the map once the browser has the page.
 */
export function MapOrNote({ map, ...props }: MapOrNoteProps) {
  const inBrowser = useInBrowser();
  if (!map) return <p>This festival has no map; the venues are listed below.</p>;
  const loading = <p>Loading the map…</p>;
  if (!inBrowser || !PorchMap) return loading;
  return (
    <Suspense fallback={loading}>
      <PorchMap map={map} {...props} />
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
