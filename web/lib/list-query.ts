import { MAX_PAGE_SIZE } from '../../contract/page-size';

/** Query-string parameters of a list call; undefined and empty values are left out. */
export type ListQuery = Readonly<Record<string, string | number | boolean | undefined>>;

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
