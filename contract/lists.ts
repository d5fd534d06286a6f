import { z } from './zod.js';
import { QueryBoolean } from './forms.js';

import { MAX_PAGE_SIZE } from './page-size.js';

export { MAX_PAGE_SIZE };

/** The orders every catalogue list offers, newest update first; each list adds its own by name. */
export const TIME_ORDER_BY = ['-updated_time', 'updated_time', '-created_time', 'created_time'] as const;

/** A list's free-text search. */
export const searchField = () => z.string().trim().max(200, 'Must be at most 200 characters').optional();

/** A paged query's `offset` and `limit`, with `defaultLimit` when the query gives none. */
export function pagingFields(defaultLimit: number) {
  return {
    offset: z.coerce.number({ error: 'Must be a number' }).int().min(0, 'Must be 0 or more').max(1_000_000).default(0),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int()
      .min(1, 'Must be at least 1')
      .max(MAX_PAGE_SIZE, `Must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultLimit),
  };
}

export function listQuerySchema<const O extends readonly [string, ...string[]]>(orderBy: O) {
  return z.object({
    ...pagingFields(MAX_PAGE_SIZE),
    include_total: QueryBoolean.default(false),
    order_by: z.enum(orderBy, { error: `Must be one of ${orderBy.join(', ')}` }).default(orderBy[0]),
  });
}

/** List responses: the items in `data`, and `total` (all matches, ignoring paging) when asked for. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int().optional() });
}

/** Lists that always count: the items in `data` (at most a page of them) and `total`, all there are. */
export function countedListResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), total: z.number().int() });
}
