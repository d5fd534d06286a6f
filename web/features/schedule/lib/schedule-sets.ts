import { GenreList, isAmenity, type Genre, type VenueAmenity } from '../../../../contract/choices';
import type { ScheduleCell, ScheduleEntry } from '../../../../contract/schedule';
import { SCHEDULE_SLOT_KEYS } from '../../../lib/schedule-times';

/** One set of the schedule: an act at a venue in a slot (0-3). */
export interface ScheduleSet {
  key: string;
  venueId: number;
  address: string;
  addressUrl: string;
  /** The venue's row: its pin and amenities. */
  venue: ScheduleEntry;
  slot: number;
  cell: ScheduleCell;
  /** Lower-case act name, venue address and description, for the text search. */
  haystack: string;
}

/** The schedule's rows turned into its sets, slot by slot, each slot in the server's venue order. */
export function setsBySlot(entries: readonly ScheduleEntry[]): ScheduleSet[][] {
  return SCHEDULE_SLOT_KEYS.map((key, slot) =>
    entries.flatMap((entry) => {
      const cell = entry[key];
      if (!cell) return [];
      return [
        {
          key: `${entry.id}-${slot}`,
          venueId: entry.id,
          address: entry.address,
          addressUrl: entry.address_url,
          venue: entry,
          slot,
          cell,
          haystack: `${cell.act_name}\n${entry.address}\n${cell.act_description}`.toLowerCase(),
        },
      ];
    }),
  );
}

export interface ScheduleFilters {
  genres: Genre[];
  q: string;
  favourites: boolean;
  /** Amenities the venue must offer, every one of them. */
  amenities: VenueAmenity[];
}

export const NO_SCHEDULE_FILTERS: ScheduleFilters = { genres: [], q: '', favourites: false, amenities: [] };

const isGenre = (value: string): value is Genre => (GenreList.values as readonly string[]).includes(value);

/** The filters as the URL carries them: ?genre=jazz&genre=folk&q=church&favourites=1&amenity=shade. */
export function readFilters(params: URLSearchParams): ScheduleFilters {
  return {
    genres: params.getAll('genre').filter(isGenre),
    q: params.get('q') ?? '',
    favourites: params.get('favourites') === '1',
    amenities: params.getAll('amenity').filter(isAmenity),
  };
}

export function writeFilters(params: URLSearchParams, filters: ScheduleFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('genre');
  for (const genre of filters.genres) next.append('genre', genre);
  if (filters.q) next.set('q', filters.q);
  else next.delete('q');
  if (filters.favourites) next.set('favourites', '1');
  else next.delete('favourites');
  next.delete('amenity');
  for (const amenity of filters.amenities) next.append('amenity', amenity);
  return next;
}

export function isFiltered(filters: ScheduleFilters): boolean {
  return filters.genres.length > 0 || filters.q.trim() !== '' || filters.favourites || filters.amenities.length > 0;
}

/** Every word of the search must appear somewhere in the set's name, address or description. */
export function setMatcher(filters: ScheduleFilters, favourites: readonly number[]) {
  const words = filters.q.toLowerCase().split(/\s+/).filter(Boolean);
  const genres = new Set<string>(filters.genres);
  const favs = new Set(favourites);
  return (set: ScheduleSet) =>
    (genres.size === 0 || genres.has(set.cell.act_genre)) &&
    (!filters.favourites || favs.has(set.cell.act_id)) &&
    filters.amenities.every((amenity) => set.venue[amenity]) &&
    words.every((word) => set.haystack.includes(word));
}

/** The first lines of a description: cut at a word near `length` characters. */
export function excerpt(text: string, length = 140): { text: string; cut: boolean } {
  if (text.length <= length) return { text, cut: false };
  const space = text.lastIndexOf(' ', length);
  return { text: `${text.slice(0, space > length / 2 ? space : length).trimEnd()}…`, cut: true };
}

/**
 * The text a clamp of `lines` lines shows, cut where the clamp would cut it (roughly: `perLine`
 * characters a line, each paragraph starting a line), so a screen reader hears what the cell shows
 * and not the whole description under it (issue 28, item 7). The style sheet's clamp stays, for a
 * line that wraps sooner than counted.
 */
export function clampToLines(text: string, lines: number, perLine: number): { text: string; cut: boolean } {
  const paragraphs = text.split('\n');
  let left = lines;
  const kept: string[] = [];
  for (const paragraph of paragraphs) {
    const needs = Math.max(1, Math.ceil(paragraph.length / perLine));
    if (needs <= left) {
      kept.push(paragraph);
      left -= needs;
      continue;
    }
    if (left > 0) kept.push(excerpt(paragraph, left * perLine - 1).text);
    else kept[kept.length - 1] = `${kept[kept.length - 1]!.trimEnd()}…`;
    return { text: kept.join('\n'), cut: true };
  }
  return { text, cut: false };
}
