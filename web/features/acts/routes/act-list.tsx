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
import { useActs } from '../api/get-acts';
import { ActCard } from '../components/act-card';
import {
  actFiltersToParams,
  actListQuery,
  filterByStatus,
  hasActFilters,
  parseActFilters,
  SLOT_OPTIONS,
  STATUS_OPTIONS,
  type ActFilters,
} from '../lib/act-filters';

export const ACT_LIST_TEXT = {
  searchPlaceholder: 'Search act name or description',
  anyGenre: 'Any Genre',
  anySlot: 'Any Slot',
  anyStatus: 'Any Status',
  noMatch: 'There are no acts that match your search criteria.',
  noneYet: 'There are no registered acts yet. Please check again later.',
} as const;

/** Spec 2: /acts, the act list with search and filters. */
export function ActList() {
  usePageTitle('Acts');
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const filters = parseActFilters(params);
  const acts = useActs(actListQuery(filters));
  useLoggedError(acts.error);

  const update = useCallback(
    (change: Partial<ActFilters>) =>
      setParams((current) => actFiltersToParams({ ...parseActFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const fetched = acts.data?.data ?? [];
  const items = filterByStatus(fetched, filters.status);
  // The status filter runs here, so the count is what is left after it.
  const count = acts.data ? (filters.status ? items.length : (acts.data.total ?? fetched.length)) : undefined;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <PageHeading className="mb-0">Acts</PageHeading>
        {hasRole(user, 'performer') && (
          <Link className="btn btn-primary" to="/acts/new">
            New Act
          </Link>
        )}
      </div>
      {hasRole(user, 'host') && (
        <Alert variant="info">
          Looking for acts for your porch? Filter by genre and by the slot you have free, then use an act&apos;s Contact
          button to invite it, and place it in your venue with Slots / Schedule.
        </Alert>
      )}
      <div role="search" aria-label="Search and filter acts">
        <Row className="g-2 mb-3">
          <Col md={6} lg={4}>
            <SearchBox
              id="act-search"
              label="Search acts"
              placeholder={ACT_LIST_TEXT.searchPlaceholder}
              value={filters.search}
              onSearch={onSearch}
            />
          </Col>
          <Col sm={4} md={6} lg={3}>
            <FilterSelect
              id="act-genre"
              label="Genre"
              anyLabel={ACT_LIST_TEXT.anyGenre}
              options={Genres.options}
              value={filters.genre}
              onChange={(genre) => update({ genre: genre as ActFilters['genre'] })}
            />
          </Col>
          <Col sm={4} md={6} lg={2}>
            <FilterSelect
              id="act-slot"
              label="Preferred slot"
              anyLabel={ACT_LIST_TEXT.anySlot}
              options={SLOT_OPTIONS}
              value={filters.slot}
              onChange={(slot) => update({ slot: slot as ActFilters['slot'] })}
            />
          </Col>
          <Col sm={4} md={6} lg={3}>
            <FilterSelect
              id="act-status"
              label="Status"
              anyLabel={ACT_LIST_TEXT.anyStatus}
              options={STATUS_OPTIONS}
              value={filters.status}
              onChange={(status) => update({ status: status as ActFilters['status'] })}
            />
          </Col>
        </Row>
      </div>
      <ResultsCount count={count} />
      {acts.isPending && <PageLoading />}
      {acts.isSuccess && items.length === 0 && (
        <p className="lead">{hasActFilters(filters) ? ACT_LIST_TEXT.noMatch : ACT_LIST_TEXT.noneYet}</p>
      )}
      {items.length > 0 && (
        <Row xs={1} lg={2} className="g-3 list-unstyled" as="ul" aria-label="Acts">
          {items.map((act) => (
            <Col as="li" key={act.id}>
              <ActCard act={act} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
