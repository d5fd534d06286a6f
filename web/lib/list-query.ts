import { MAX_PAGE_SIZE } from '../../contract/page-size';

/** What a list's query-string parameters can hold. */
export type ListQueryValues = Record<string, string | number | boolean | undefined>;

/**
 * A list call's parameters, typed by the contract's query schema as the server reads them
 * (`ActListQuery`, `VenueListQuery`); any may be left out, and undefined and empty values are not
 * sent.
 */
export type ListQuery<Q extends ListQueryValues = ListQueryValues> = Readonly<Partial<Q>>;

/**
 * docs/behaviour.md#constants-and-limits: every list asks for the first 100, with the total, newest
 * update first.
 */
export const FIRST_PAGE = {
  offset: 0,
  limit: MAX_PAGE_SIZE,
  include_total: true,
  order_by: '-updated_time',
} as const;

export function toQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of a list response, as far as paging is concerned. */
interface ListPage {
  data: readonly unknown[];
  total?: number;
}

/**
 * The offset of the page after these ("Show more", the API's offset and limit), or undefined once
 * every match is loaded: the total says so, or a page came back short.
 */
export function nextPageOffset(last: ListPage, pages: readonly ListPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.data.length, 0);
  if (last.data.length < MAX_PAGE_SIZE) return undefined;
  if (last.total !== undefined && loaded >= last.total) return undefined;
  return loaded;
}
