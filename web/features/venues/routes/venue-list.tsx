import { ViewToggle } from '../../map/view-toggle';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import { CardList } from '../../../components/catalogue/card-list';
import { CatalogueList } from '../../../components/catalogue/catalogue-list';
import { type FilterSelectSpec } from '../../../components/catalogue/filter-select';
import { ListSearch } from '../../../components/catalogue/list-search';
import { useFestival } from '../../../lib/festival';
import { VenueMapView } from '../../map/venue-map-view';
import { useVenuePages } from '../api/get-venues';
import { AmenityFilter } from '../components/amenity-filter';
import { VenueCard } from '../components/venue-card';
import {
  hasVenueFilters,
  parseVenueFilters,
  SLOT_AVAILABILITY_OPTIONS,
  venueFiltersToParams,
  venueListQuery,
  type VenueFilters,
} from '../lib/venue-filters';

export const VENUE_LIST_TEXT = {
  searchPlaceholder: 'Search street name or description',
  anyGenre: 'Any Genre',
  anySlot: 'Any Slot Availability',
  noMatch: 'There are no venues that match your search criteria.',
  noneYet: 'There are no registered venues yet. Please check again later.',
} as const;

// The two selects, each one field of the filters (the amenities are checkboxes of their own).
const SELECTS: Array<FilterSelectSpec<Exclude<keyof VenueFilters, 'search' | 'amenities'>>> = [
  { field: 'genre', label: 'Genre', anyLabel: VENUE_LIST_TEXT.anyGenre, options: GenreList.options },
  { field: 'slot', label: 'Slot availability', anyLabel: VENUE_LIST_TEXT.anySlot, options: SLOT_AVAILABILITY_OPTIONS },
];

/** docs/behaviour.md#venue-list: /venues, the venue list with search and filters. */
export function VenueList() {
  const [params, setParams] = useSearchParams();
  const filters = parseVenueFilters(params);
  const venues = useVenuePages(venueListQuery(filters));

  const festival = useFestival();
  const mapView = params.get('view') === 'map';

  // The filters and the view (List or Map) are both in the URL; changing one keeps the other.
  const update = useCallback(
    (change: Partial<VenueFilters>) =>
      setParams(
        (current) => {
          const next = venueFiltersToParams({ ...parseVenueFilters(current), ...change });
          if (current.get('view') === 'map') next.set('view', 'map');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setView = (view: 'list' | 'map') =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (view === 'map') next.set('view', 'map');
        else next.delete('view');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <CatalogueList
      kind="venues"
      pages={venues}
      tip={
        <>
          Looking for a porch to play on? Filter by your genre and by a slot that is still available, then use a
          venue&apos;s Contact button to ask its host to schedule your act.
        </>
      }
      search={
        <ListSearch kind="venues" text={VENUE_LIST_TEXT} filters={filters} update={update} selects={SELECTS}>
          <AmenityFilter
            id="venue-amenity"
            className="mb-3"
            chosen={filters.amenities}
            onChange={(amenities) => update({ amenities })}
          />
        </ListSearch>
      }
      toolbar={<ViewToggle mapView={mapView} onChange={setView} className="mb-3" />}
      empty={hasVenueFilters(filters) ? VENUE_LIST_TEXT.noMatch : VENUE_LIST_TEXT.noneYet}
    >
      {(items, list) =>
        mapView ? (
          <VenueMapView map={festival.data?.map} venues={items} />
        ) : (
          <CardList ref={list} items={items} label="Venues">
            {(venue) => <VenueCard venue={venue} />}
          </CardList>
        )
      }
    </CatalogueList>
  );
}
