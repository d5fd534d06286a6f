import { GenreList, SLOT_DEFS, type Genre, type SlotDef } from '../../../contract/choices';

/**
 * The venue and act lists keep their search and filters in the page's query string, so a filtered
 * list can be shared and survives a reload. These read and write the parts the two lists share.
 */

export const isGenre = (value: string): value is Genre => (GenreList.values as readonly string[]).includes(value);
export const isSlot = (value: string): value is SlotDef => (SLOT_DEFS as readonly string[]).includes(value);

/** The search, trimmed; '' when there is none. */
export const searchParam = (params: URLSearchParams) => (params.get('search') ?? '').trim();

/** One filter: its value when it is one of the choices, else '' (an old or edited link is ignored). */
export function choiceParam<T extends string>(
  params: URLSearchParams,
  name: string,
  isChoice: (value: string) => value is T,
): T | '' {
  const value = params.get(name) ?? '';
  return isChoice(value) ? value : '';
}

/** The query string for the filters, in the order given, leaving out the ones not in use. */
export function filterParams(filters: Record<string, string>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return params;
}
