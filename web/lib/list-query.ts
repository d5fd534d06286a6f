import { MAX_PAGE_SIZE } from '../../contract/lists';

/** Query-string parameters of a list call; undefined and empty values are left out. */
export type ListQuery = Readonly<Record<string, string | number | boolean | undefined>>;

/** Spec 7 and 9: every list asks for the first 100, with the total, newest update first. */
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
