import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useSearchParams } from 'react-router';
import { Genres } from '../../../../contract/enums';
import { FilterSelect } from '../../../components/catalogue/filter-select';
import { PageHeading } from '../../../components/catalogue/page-heading';
import { ResultsCount } from '../../../components/catalogue/results-count';
import { SearchBox } from '../../../components/catalogue/search-box';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { usePageTitle } from '../../../lib/page-title';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useVenues } from '../api/get-venues';
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

/** Spec 2: /venues, the venue list with search and filters. */
export function VenueList() {
  usePageTitle('Venues');
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const filters = parseVenueFilters(params);
  const venues = useVenues(venueListQuery(filters));
  useLoggedError(venues.error);

  const update = useCallback(
    (change: Partial<VenueFilters>) =>
      setParams((current) => venueFiltersToParams({ ...parseVenueFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const items = venues.data?.data ?? [];
  const total = venues.data ? (venues.data.total ?? items.length) : undefined;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="mb-0">Venues</PageHeading>
        {hasRole(user, 'host') && (
          <Link className="btn btn-primary" to="/venues/new">
            New Venue
          </Link>
        )}
      </div>
      {hasRole(user, 'performer') && (
        <Alert variant="info">
          Looking for a porch to play on? Filter by your genre and by a slot that is still available, then use a
          venue&apos;s Contact button to ask its host to schedule your act.
        </Alert>
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
          <Col sm={6} md={3}>
            <FilterSelect
              id="venue-genre"
              label="Genre"
              anyLabel={VENUE_LIST_TEXT.anyGenre}
              options={Genres.options}
              value={filters.genre}
              onChange={(genre) => update({ genre: genre as VenueFilters['genre'] })}
            />
          </Col>
          <Col sm={6} md={3}>
            <FilterSelect
              id="venue-slot"
              label="Slot availability"
              anyLabel={VENUE_LIST_TEXT.anySlot}
              options={SLOT_AVAILABILITY_OPTIONS}
              value={filters.slot}
              onChange={(slot) => update({ slot: slot as VenueFilters['slot'] })}
            />
          </Col>
        </Row>
      </div>
      <ResultsCount count={total} />
      {venues.isPending && <PageLoading />}
      {venues.isSuccess && items.length === 0 && (
        <p className="lead">{hasVenueFilters(filters) ? VENUE_LIST_TEXT.noMatch : VENUE_LIST_TEXT.noneYet}</p>
      )}
      {items.length > 0 && (
        <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label="Venues">
          {items.map((venue) => (
            <Col as="li" key={venue.id}>
              <VenueCard venue={venue} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
