import { actStatus, ACT_STATUS, type Act } from '../../../../contract/acts';
import { Genres, SLOT_DEFS, type Choice, type Genre, type SlotDef } from '../../../../contract/enums';
import { FIRST_PAGE, type ListQuery } from '../../../lib/list-query';

export type ActStatusFilter = 'looking' | 'scheduled';

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
  /** Applied in the browser after fetching (docs/behaviour.md#act-list). */
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

const isGenre = (value: string): value is Genre => (Genres.values as readonly string[]).includes(value);
const isSlot = (value: string): value is SlotDef => (SLOT_DEFS as readonly string[]).includes(value);
const isStatus = (value: string): value is ActStatusFilter => value === 'looking' || value === 'scheduled';

/** Reads the filters from a query string; anything unknown (an old or edited link) is ignored. */
export function parseActFilters(params: URLSearchParams): ActFilters {
  const genre = params.get('genre') ?? '';
  const slot = params.get('slot') ?? '';
  const status = params.get('status') ?? '';
  const plays = params.get('plays') ?? '';
  return {
    search: (params.get('search') ?? '').trim(),
    genre: isGenre(genre) ? genre : '',
    slot: isSlot(slot) ? slot : '',
    plays: isSlot(plays) ? plays : '',
    status: isStatus(status) ? status : '',
  };
}

/** The query string for the filters, leaving out the ones not in use. */
export function actFiltersToParams(filters: ActFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.slot) params.set('slot', filters.slot);
  if (filters.plays) params.set('plays', filters.plays);
  if (filters.status) params.set('status', filters.status);
  return params;
}

export const hasActFilters = (filters: ActFilters) =>
  Boolean(filters.search || filters.genre || filters.slot || filters.plays || filters.status);

/**
 * GET /v1/acts parameters (docs/behaviour.md#the-api): the first page of 100, newest update first.
 * The status stays out.
 */
export function actListQuery(filters: ActFilters): ListQuery {
  return {
    ...FIRST_PAGE,
    search: filters.search || undefined,
    type: filters.genre || undefined,
    s_preferred_slots__ilike: filters.slot || undefined,
    scheduled_slot: filters.plays || undefined,
  };
}

/** docs/behaviour.md#act-list: the status filter runs on the fetched acts. */
export function filterByStatus<T extends Pick<Act, 'scheduled_venue_slots'>>(
  acts: readonly T[],
  status: ActFilters['status'],
): T[] {
  if (!status) return [...acts];
  const wanted = status === 'looking' ? ACT_STATUS.looking : ACT_STATUS.scheduled;
  return acts.filter((act) => actStatus(act) === wanted);
}
