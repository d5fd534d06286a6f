import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { GenreList, SLOT_DEFS, type Choice } from '../../../../contract/choices';
import { CardList } from '../../../components/catalogue/card-list';
import { CatalogueList } from '../../../components/catalogue/catalogue-list';
import { type FilterSelectSpec } from '../../../components/catalogue/filter-select';
import { ListSearch } from '../../../components/catalogue/list-search';
import { slotTime } from '../../../components/catalogue/slot-times';
import { useFestival } from '../../../lib/festival';
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
  const [params, setParams] = useSearchParams();
  const filters = parseActFilters(params);
  const acts = useActPages(actListQuery(filters));
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

  return (
    <CatalogueList
      kind="acts"
      pages={acts}
      tip={
        <>
          Looking for acts for your porch? Filter by genre and by the slot you have free, then use an act&apos;s Contact
          button to invite it, and place it in your venue with Slots / Schedule.
        </>
      }
      search={<ListSearch kind="acts" text={ACT_LIST_TEXT} filters={filters} update={update} selects={selects} />}
      empty={hasActFilters(filters) ? ACT_LIST_TEXT.noMatch : ACT_LIST_TEXT.noneYet}
    >
      {(items, list) => (
        <CardList ref={list} items={items} label="Acts">
          {(act) => <ActCard act={act} />}
        </CardList>
      )}
    </CatalogueList>
  );
}
