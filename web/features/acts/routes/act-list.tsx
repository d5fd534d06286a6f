import { useCallback, useMemo } from 'react';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { GenreList, SLOT_DEFS, type Choice } from '../../../../contract/choices';
import { CardList } from '../../../components/catalogue/card-list';
import { useDeferredPages } from '../../../components/catalogue/deferred-pages';
import { FilterSelect, type FilterSelectSpec } from '../../../components/catalogue/filter-select';
import { ListHeader } from '../../../components/catalogue/list-header';
import { ResultsCount } from '../../../components/catalogue/results-count';
import { SearchBox } from '../../../components/catalogue/search-box';
import { ShowMore, useShowMore } from '../../../components/catalogue/show-more';
import { slotTime } from '../../../components/catalogue/slot-times';
import { useLoggedError } from '../../../components/catalogue/use-logged-error';
import { ListNeedsConnection } from '../../../components/catalogue/list-needs-connection';
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

  // The four selects, each one field of the filters; "Plays at" gets the widest column for its times.
  const selects: Array<FilterSelectSpec<Exclude<keyof ActFilters, 'search'>> & { lg: number }> = [
    { field: 'genre', label: 'Genre', anyLabel: ACT_LIST_TEXT.anyGenre, options: GenreList.options, lg: 2 },
    { field: 'slot', label: 'Preferred slot', anyLabel: ACT_LIST_TEXT.anySlot, options: SLOT_OPTIONS, lg: 2 },
    { field: 'plays', label: 'Plays at', anyLabel: ACT_LIST_TEXT.anyTime, options: playsOptions, lg: 3 },
    { field: 'status', label: 'Status', anyLabel: ACT_LIST_TEXT.anyStatus, options: STATUS_OPTIONS, lg: 2 },
  ];

  const update = useCallback(
    (change: Partial<ActFilters>) =>
      setParams((current) => actFiltersToParams({ ...parseActFilters(current), ...change }), { replace: true }),
    [setParams],
  );
  const onSearch = useCallback((search: string) => update({ search }), [update]);

  const { pages, items } = useDeferredPages(acts.data);
  const total = pages?.[0]?.total;
  // Every filter, the status too, runs on the server: the count is of every act that matches.
  const count = pages ? (total ?? items.length) : undefined;
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
          {/* Its own row below the widest screens, so the placeholder is never cut off (issue 28, item 9). */}
          <Col xs={12} xxl={3}>
            <SearchBox
              id="act-search"
              label="Search acts"
              placeholder={ACT_LIST_TEXT.searchPlaceholder}
              value={filters.search}
              onSearch={onSearch}
            />
          </Col>
          {selects.map((select) => (
            <Col key={select.field} sm={6} md={3} lg={select.lg}>
              <FilterSelect
                id={`act-${select.field}`}
                label={select.label}
                visibleLabel
                anyLabel={select.anyLabel}
                options={select.options}
                value={filters[select.field]}
                onChange={(value) => update({ [select.field]: value })}
              />
            </Col>
          ))}
        </Row>
      </div>
      <ResultsCount count={count} />
      <ListNeedsConnection error={items.length === 0 ? acts.error : null} what="acts" />
      {(acts.isPending || (acts.isSuccess && !pages)) && <PageLoading />}
      {acts.isSuccess && pages && items.length === 0 && (
        <p className="lead">{hasActFilters(filters) ? ACT_LIST_TEXT.noMatch : ACT_LIST_TEXT.noneYet}</p>
      )}
      {items.length > 0 && (
        <CardList ref={list} items={items} label="Acts">
          {(act) => <ActCard act={act} />}
        </CardList>
      )}
      {pages && items.length > 0 && (
        <ShowMore
          shown={items.length}
          total={total}
          hasMore={acts.hasNextPage}
          loading={acts.isFetchingNextPage}
          onMore={showMore}
          noun="acts"
        />
      )}
    </>
  );
}
