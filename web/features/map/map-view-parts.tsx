import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { useShowingDrawing } from '../../lib/device-value';
import { Link } from 'react-router';
import type { MapConfig } from '../../../contract/festival';
import { VenueAmenities } from '../venues/components/venue-amenities';
import { distanceLabel } from './distance';
import { NearMeBar, useByDistance, useNearMe, type Pinned } from './near-me';
import type { MapVenue } from './pin-layer';
import type { PorchMapProps } from './porch-map';

// Leaflet is its own chunk, fetched only when a Map view opens, and only in a browser: the server's
// build (import.meta.env.SSR is decided as it builds) has no map and no Leaflet, which needs a
// window (docs/decisions/0056).
const PorchMap = import.meta.env.SSR ? null : lazy(() => import('./porch-map'));

/** False on the server and while the browser takes a drawn page over (hydration); true after. */
const useInBrowser = () => !useShowingDrawing();

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

/** Where "Skip the map" takes the focus: the venues listed under it. */
const VENUE_LIST_HEADING = 'map-venue-list';

interface MapAndListProps<V> {
  /** The festival's map settings; without them the venues are listed only. */
  map: MapConfig | undefined;
  venues: readonly V[];
  /** A marker per venue with a pin. */
  markers: MapVenue[];
  /** The heading of the list under the map. */
  listHeading: string;
  /** What the chosen venue's panel shows between its amenities and the directions. */
  chosen: (venue: V) => ReactNode;
  /** What a venue's row says after its address and its distance. */
  row: (venue: V) => ReactNode;
  /** The words of the row's button that chooses the venue. */
  choose: (venue: V) => ReactNode;
}

/**
 * A Map view: "Near me", the map, the panel of the venue chosen on it, and the same venues as a
 * list (the alternative to the map, and all that works when no tile loads), ordered by distance
 * once "Near me" knows where you are, venues without a pin last.
 */
export function MapAndList<V extends ChosenVenueFields & Pinned>({
  map,
  venues,
  markers,
  listHeading,
  chosen,
  row,
  choose,
}: MapAndListProps<V>) {
  const [selected, setSelected] = useState<number | null>(null);
  const { here, status, ask } = useNearMe();
  const ordered = useByDistance(venues, here);

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
      <ChosenVenue venue={venues.find((v) => v.id === selected)}>{chosen}</ChosenVenue>
      <h2 className="h5 mt-3" id={VENUE_LIST_HEADING} tabIndex={-1}>
        {listHeading}
      </h2>
      <ol className="list-group venue-distance-list" aria-label="Venues">
        {ordered.map(({ item: venue, metres }) => (
          <li key={venue.id} className="list-group-item d-flex flex-wrap gap-2 align-items-baseline">
            <Link to={`/venues/${venue.id}`}>{venue.address}</Link>
            {metres !== null && <span className="venue-distance small">{distanceLabel(metres)}</span>}
            {row(venue)}
            <button type="button" className="btn btn-link btn-sm p-0 ms-auto" onClick={() => setSelected(venue.id)}>
              {choose(venue)}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
