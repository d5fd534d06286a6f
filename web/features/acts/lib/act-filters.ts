import type { ActStatusFilter } from '../../../../contract/acts';
import { SLOT_DEFS, type Choice, type Genre, type SlotDef } from '../../../../contract/choices';
import { choiceParam, filterParams, isGenre, isSlot, searchParam } from '../../../components/catalogue/list-filters';
import type { ActListQuery } from '../../../../contract/acts';
import { FIRST_PAGE, type ListQuery } from '../../../lib/list-query';

export type { ActStatusFilter };

/**
 * The act list's search and filters. They live in the page's query string
 * (`?search=band&genre=jazz&slot=Slot+2&status=looking`), so a filtered list can be shared and
 * survives a reload.
 */
export interface ActFilters {
  search: string;
  genre: Genre | '';
  /** A slot the act prefers. */
  slot: SlotDef | '';
  /** "Plays at": a slot the act is scheduled to play in (`?plays=Slot+2`). */
  plays: SlotDef | '';
  /**
   * Sent to the server (`status=`), so the count and "Show more" cover every act, not the first
   * page's; the spec's own request, which has no status, filters in the browser (docs/behaviour.md#act-list).
   */
  status: ActStatusFilter | '';
}

export const NO_ACT_FILTERS: ActFilters = { search: '', genre: '', slot: '', plays: '', status: '' };

/** docs/behaviour.md#act-list: 'Slot 1' to 'Slot 4' (after 'Any Slot'). */
export const SLOT_OPTIONS: Choice[] = SLOT_DEFS.map((slot) => ({ value: slot, label: slot }));

/**
 * docs/behaviour.md#act-list: 'Looking for a host' and 'Scheduled with a host' (after 'Any
 * Status').
 */
export const STATUS_OPTIONS: Choice<ActStatusFilter>[] = [
  { value: 'looking', label: 'Looking for a host' },
  { value: 'scheduled', label: 'Scheduled with a host' },
];

const isStatus = (value: string): value is ActStatusFilter => value === 'looking' || value === 'scheduled';

/** Reads the filters from a query string; anything unknown (an old or edited link) is ignored. */
export function parseActFilters(params: URLSearchParams): ActFilters {
  return {
    search: searchParam(params),
    genre: choiceParam(params, 'genre', isGenre),
    slot: choiceParam(params, 'slot', isSlot),
    plays: choiceParam(params, 'plays', isSlot),
    status: choiceParam(params, 'status', isStatus),
  };
}

/** The query string for the filters, leaving out the ones not in use. */
export function actFiltersToParams({ search, genre, slot, plays, status }: ActFilters): URLSearchParams {
  return filterParams({ search, genre, slot, plays, status });
}

export const hasActFilters = (filters: ActFilters) =>
  Boolean(filters.search || filters.genre || filters.slot || filters.plays || filters.status);

/**
 * GET /v1/acts parameters (docs/behaviour.md#the-api): the first page of 100, newest update first,
 * with the status filtered on the server (issue 28: the count was the first page's).
 */
export function actListQuery(filters: ActFilters): ListQuery<ActListQuery> {
  return {
    ...FIRST_PAGE,
    search: filters.search || undefined,
    type: filters.genre || undefined,
    s_preferred_slots__ilike: filters.slot || undefined,
    scheduled_slot: filters.plays || undefined,
    status: filters.status || undefined,
  };
}
