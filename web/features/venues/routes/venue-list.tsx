import { ViewToggle } from '../../map/view-toggle';
import { useCallback } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { GenreList } from '../../../../contract/choices';
import { CardList } from '../../../components/catalogue/card-list';
import { useDeferredPages } from '../../../components/catalogue/deferred-pages';
import { FilterSelect, type FilterSelectSpec } from '../../../components/catalogue/filter-select';
import { ListHeader } from '../../../components/catalogue/list-header';
import { ResultsCount } from '../../../components/catalogue/results-count';
import { SearchBox } from '../../../components/catalogue/search-box';
import { ShowMore, useShowMore } from '../../../components/catalogue/show-more';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { ListNeedsConnection } from '../../../components/catalogue/list-needs-connection';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { Notice } from '../../../components/ui/notice';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
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
  usePageTitle('Venues');
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const filters = parseVenueFilters(params);
  const venues = useVenuePages(venueListQuery(filters));
  useLoggedError(venues.error);

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
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const { pages, items } = useDeferredPages(venues.data);
  const total = pages ? (pages[0]?.total ?? items.length) : undefined;
  const { list, showMore } = useShowMore(items.length, () => venues.fetchNextPage());

  return (
    <>
      <ListHeader
        title="Venues"
        create={hasRole(user, 'host') ? { to: '/venues/new', label: 'New Venue' } : undefined}
      />
      {hasRole(user, 'performer') && (
        <Notice>
          Looking for a porch to play on? Filter by your genre and by a slot that is still available, then use a
          venue&apos;s Contact button to ask its host to schedule your act.
        </Notice>
      )}
      <div role="search" aria-label="Search and filter venues">
        <Row className="g-2 mb-3">
          <Col md={6}>
            <SearchBox
              id="venue-search"
              label="Search venues"
              placeholder={VENUE_LIST_TEXT.searchPlaceholder}
              value={filters.search}
              onSearch={onSearch}
            />
          </Col>
          {SELECTS.map((select) => (
            <Col key={select.field} sm={6} md={3}>
              <FilterSelect
                id={`venue-${select.field}`}
                label={select.label}
                anyLabel={select.anyLabel}
                options={select.options}
                value={filters[select.field]}
                onChange={(value) => update({ [select.field]: value })}
              />
            </Col>
          ))}
        </Row>
        <AmenityFilter
          id="venue-amenity"
          className="mb-3"
          chosen={filters.amenities}
          onChange={(amenities) => update({ amenities })}
        />
      </div>
      <ResultsCount count={total} />
      <ListNeedsConnection error={items.length === 0 ? venues.error : null} what="venues" />
      <ViewToggle mapView={mapView} onChange={setView} className="mb-3" />
      {(venues.isPending || (venues.isSuccess && !pages)) && <PageLoading />}
      {venues.isSuccess && pages && items.length === 0 && (
        <p className="lead">{hasVenueFilters(filters) ? VENUE_LIST_TEXT.noMatch : VENUE_LIST_TEXT.noneYet}</p>
      )}
      {items.length > 0 && mapView && <VenueMapView map={festival.data?.map} venues={items} />}
      {items.length > 0 && !mapView && (
        <CardList ref={list} items={items} label="Venues">
          {(venue) => <VenueCard venue={venue} />}
        </CardList>
      )}
      {items.length > 0 && (
        <ShowMore
          shown={items.length}
          total={total}
          hasMore={venues.hasNextPage}
          loading={venues.isFetchingNextPage}
          onMore={showMore}
          noun="venues"
        />
      )}
    </>
  );
}
