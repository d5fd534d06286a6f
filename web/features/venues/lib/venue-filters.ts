import { isAmenity, type VenueAmenity } from '../../../../contract/choices';
import { SLOT_DEFS, type Genre, type SlotDef, type Choice } from '../../../../contract/choices';
import { choiceParam, filterParams, isGenre, isSlot, searchParam } from '../../../components/catalogue/list-filters';
import type { VenueListQuery } from '../../../../contract/venues';
import { FIRST_PAGE, type ListQuery } from '../../../lib/list-query';

/**
 * The venue list's search and filters. They live in the page's query string
 * (`?search=porch&genre=jazz&slot=Slot+2&amenity=step_free`), so a filtered list can be shared and
 * survives a reload.
 */
export interface VenueFilters {
  search: string;
  genre: Genre | '';
  /** A slot that must be offered and still free. */
  slot: SlotDef | '';
  /** Amenities the venue must offer, every one of them (docs/behaviour.md#venue-list). */
  amenities: VenueAmenity[];
}

export const NO_VENUE_FILTERS: VenueFilters = { search: '', genre: '', slot: '', amenities: [] };

/**
 * docs/behaviour.md#venue-list: 'Slot 1 Available' ... 'Slot 4 Available' (after 'Any Slot
 * Availability').
 */
export const SLOT_AVAILABILITY_OPTIONS: Choice[] = SLOT_DEFS.map((slot) => ({
  value: slot,
  label: `${slot} Available`,
}));

/** Reads the filters from a query string; anything unknown (an old or edited link) is ignored. */
export function parseVenueFilters(params: URLSearchParams): VenueFilters {
  return {
    search: searchParam(params),
    genre: choiceParam(params, 'genre', isGenre),
    slot: choiceParam(params, 'slot', isSlot),
    amenities: params.getAll('amenity').filter(isAmenity),
  };
}

/** The query string for the filters, leaving out the ones not in use. */
export function venueFiltersToParams({ search, genre, slot, amenities }: VenueFilters): URLSearchParams {
  const params = filterParams({ search, genre, slot });
  for (const amenity of amenities) params.append('amenity', amenity);
  return params;
}

export const hasVenueFilters = (filters: VenueFilters) =>
  Boolean(filters.search || filters.genre || filters.slot || filters.amenities.length > 0);

/** Each amenity ticked, as the list query's `step_free=true` and so on. */
const amenityQuery = (amenities: readonly VenueAmenity[]): ListQuery<VenueListQuery> =>
  Object.fromEntries(amenities.map((amenity) => [amenity, true]));

/**
 * GET /v1/venues parameters (docs/behaviour.md#the-api): the first page of 100, newest update
 * first; the slot filter ('Slot 1:true' in the spec) asks for venues offering that slot with no act
 * in it yet; each amenity ticked is `step_free=true` and so on.
 */
export function venueListQuery(filters: VenueFilters): ListQuery<VenueListQuery> {
  return {
    ...FIRST_PAGE,
    search: filters.search || undefined,
    s_preferred_act_types__ilike: filters.genre || undefined,
    available_slots__slot_def: filters.slot || undefined,
    available_slots__available_to_schedule: filters.slot ? true : undefined,
    ...amenityQuery(filters.amenities),
  };
}
