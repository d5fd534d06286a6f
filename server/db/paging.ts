import type { SelectQueryBuilder } from 'kysely';
import type { TIME_ORDER_BY } from '../../contract/lists.js';
import type { Database } from './schema.js';

/**
 * How the venue and act lists read one page: the page's ids first (a walk down an index, or a
 * scan of search_text), then only those rows, in the page's order. With a search, one pass gives
 * both the page and, with a window count, the total, instead of scanning twice. Without one, the
 * page is a walk down an index and the count an index-only count: a window count would sort every
 * match instead. A page past the last match has no row to carry the count, so it is counted.
 */
export interface PageQueries<Row extends { id: number }> {
  /** The page's matches in order; with `withCount`, each carries the number of all matches as `total`. */
  matches(withCount: boolean): Promise<{ id: number; total?: number | string | bigint }[]>;
  /** The whole rows of these ids, in any order. */
  rows(ids: number[]): Promise<Row[]>;
  /** The number of all matches. */
  count(): Promise<number>;
}

/** How many rows `query` matches (its own selection is left aside). */
export async function countRows<TB extends keyof Database, O>(
  query: SelectQueryBuilder<Database, TB, O>,
): Promise<number> {
  const { n } = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(n ?? 0);
}

export async function readPage<Row extends { id: number }>(
  queries: PageQueries<Row>,
  options: { withTotal: boolean; search: boolean },
): Promise<{ rows: Row[]; total?: number }> {
  const singlePass = options.withTotal && options.search;
  const matches = await queries.matches(singlePass);
  const ids = matches.map((m) => m.id);
  const found = ids.length > 0 ? await queries.rows(ids) : [];
  const byId = new Map(found.map((r) => [r.id, r]));
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  if (!options.withTotal) return { rows };
  const total = singlePass && matches.length > 0 ? Number(matches[0]!.total) : await queries.count();
  return { rows, total };
}

/** The venue and act lists: the same reading over two tables alike in id, dates and search text. */
type Catalogue = 'acts' | 'venues';

/** The columns and directions of the orders every catalogue list offers (contract/lists.ts). */
export const ORDER_BY_TIME: Record<(typeof TIME_ORDER_BY)[number], ['updated_at' | 'created_at', 'asc' | 'desc']> = {
  '-updated_time': ['updated_at', 'desc'],
  updated_time: ['updated_at', 'asc'],
  '-created_time': ['created_at', 'desc'],
  created_time: ['created_at', 'asc'],
};

/** A page of records, and the number of all matches when asked for. */
export interface CataloguePage<Record> {
  items: Record[];
  total?: number;
}

/**
 * A page of the venue or act list in the asked order (ties, rows written in the same millisecond,
 * broken by id so pages stay stable across requests), each row with its details (`details`: a
 * few queries for the whole page), and the number of all matches when asked for.
 */
export async function readCataloguePage<T extends Catalogue, Row extends { id: number }, Record>(
  queries: {
    /** The rows that pass the list's filters. */
    matching: SelectQueryBuilder<Database, T, object>;
    /** The whole rows of these ids, in any order. */
    rows(ids: number[]): Promise<Row[]>;
    details(rows: Row[]): Promise<Record[]>;
  },
  [column, direction]: [keyof Database[T] & string, 'asc' | 'desc'],
  page: { offset: number; limit?: number },
  options: { withTotal: boolean; search: boolean },
): Promise<CataloguePage<Record>> {
  const { rows, total } = await readPage(
    {
      matches: (withCount) =>
        queries.matching
          .select('id')
          .$if(withCount, (q) => q.select((eb) => eb.fn.countAll<number>().over().as('total')))
          .orderBy(column, direction)
          .orderBy('id', direction)
          .$if(page.limit !== undefined, (q) => q.limit(page.limit!).offset(page.offset))
          .execute(),
      rows: queries.rows,
      count: async () => {
        const row = await queries.matching
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .executeTakeFirstOrThrow();
        return Number(row.total);
      },
    },
    options,
  );
  const items = await queries.details(rows);
  return total === undefined ? { items } : { items, total };
}
