import { useCallback, useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { Genres, SLOT_DEFS, type Choice } from '../../../../contract/enums';
import { CardList } from '../../../components/catalogue/card-list';
import { useDeferredPages } from '../../../components/catalogue/deferred-pages';
import { FilterSelect } from '../../../components/catalogue/filter-select';
import { ListHeader } from '../../../components/catalogue/list-header';
import { ResultsCount } from '../../../components/catalogue/results-count';
import { SearchBox } from '../../../components/catalogue/search-box';
import { ShowMore, useShowMore } from '../../../components/catalogue/show-more';
import { slotTime } from '../../../components/catalogue/slot-times';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { PageLoading } from '../../../components/ui/page-loading';
import { useFestival } from '../../../lib/festival';
import { usePageTitle } from '../../../lib/page-title';
import { Notice } from '../../../components/ui/notice';
import { hasRole } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { useActPages } from '../api/get-acts';
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
  anyTime: 'Any Time',
  anyStatus: 'Any Status',
  noMatch: 'There are no acts that match your search criteria.',
  noneYet: 'There are no registered acts yet. Please check again later.',
} as const;

/** docs/behaviour.md#act-list: /acts, the act list with search and filters. */
export function ActList() {
  usePageTitle('Acts');
  const user = useSession();
  const [params, setParams] = useSearchParams();
  const filters = parseActFilters(params);
  const acts = useActPages(actListQuery(filters));
  useLoggedError(acts.error);
  const { data: festival } = useFestival();
  // "Plays at" names each slot with its clock times: it answers "what plays at 2pm?".
  const playsOptions: Choice[] = useMemo(
    () =>
      SLOT_DEFS.map((slot) => {
        const time = slotTime(festival, slot);
        return { value: slot, label: time ? `${slot}, ${time}` : slot };
      }),
    [festival],
  );

  const update = useCallback(
    (change: Partial<ActFilters>) =>
      setParams((current) => actFiltersToParams({ ...parseActFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const { pages, items: fetched } = useDeferredPages(acts.data);
  const total = pages?.[0]?.total;
  const items = useMemo(() => filterByStatus(fetched, filters.status), [fetched, filters.status]);
  // The status filter runs here, so the count is what is left after it among the acts loaded.
  const count = pages ? (filters.status ? items.length : (total ?? fetched.length)) : undefined;
  const { list, showMore } = useShowMore(items.length, () => acts.fetchNextPage());

  return (
    <>
      <ListHeader
        title="Acts"
        create={hasRole(user, 'performer') ? { to: '/acts/new', label: 'New Act' } : undefined}
      />
      {hasRole(user, 'host') && (
        <Notice>
          Looking for acts for your porch? Filter by genre and by the slot you have free, then use an act&apos;s Contact
          button to invite it, and place it in your venue with Slots / Schedule.
        </Notice>
      )}
      <div role="search" aria-label="Search and filter acts">
        <Row className="g-2 mb-3 align-items-end">
          <Col md={12} lg={3}>
            <SearchBox
              id="act-search"
              label="Search acts"
              placeholder={ACT_LIST_TEXT.searchPlaceholder}
              value={filters.search}
              onSearch={onSearch}
            />
          </Col>
          <Col sm={6} md={3} lg={2}>
            <FilterSelect
              id="act-genre"
              label="Genre"
              visibleLabel
              anyLabel={ACT_LIST_TEXT.anyGenre}
              options={Genres.options}
              value={filters.genre}
              onChange={(genre) => update({ genre: genre as ActFilters['genre'] })}
            />
          </Col>
          <Col sm={6} md={3} lg={2}>
            <FilterSelect
              id="act-slot"
              label="Preferred slot"
              visibleLabel
              anyLabel={ACT_LIST_TEXT.anySlot}
              options={SLOT_OPTIONS}
              value={filters.slot}
              onChange={(slot) => update({ slot: slot as ActFilters['slot'] })}
            />
          </Col>
          <Col sm={6} md={3} lg={3}>
            <FilterSelect
              id="act-plays"
              label="Plays at"
              visibleLabel
              anyLabel={ACT_LIST_TEXT.anyTime}
              options={playsOptions}
              value={filters.plays}
              onChange={(plays) => update({ plays: plays as ActFilters['plays'] })}
            />
          </Col>
          <Col sm={6} md={3} lg={2}>
            <FilterSelect
              id="act-status"
              label="Status"
              visibleLabel
              anyLabel={ACT_LIST_TEXT.anyStatus}
              options={STATUS_OPTIONS}
              value={filters.status}
              onChange={(status) => update({ status: status as ActFilters['status'] })}
            />
          </Col>
        </Row>
      </div>
      <ResultsCount count={count} />
      {(acts.isPending || (acts.isSuccess && !pages)) && <PageLoading />}
      {acts.isSuccess && pages && items.length === 0 && (
        <p className="lead">{hasActFilters(filters) ? ACT_LIST_TEXT.noMatch : ACT_LIST_TEXT.noneYet}</p>
      )}
      {items.length > 0 && (
        <CardList ref={list} items={items} label="Acts">
          {(act) => <ActCard act={act} />}
        </CardList>
      )}
      {pages && fetched.length > 0 && (
        <ShowMore
          shown={fetched.length}
          total={total}
          progress={
            filters.status && total !== undefined ? `Status checked on ${fetched.length} of ${total} acts` : undefined
          }
          hasMore={acts.hasNextPage}
          loading={acts.isFetchingNextPage}
          onMore={showMore}
          noun="acts"
        />
      )}
    </>
  );
}
