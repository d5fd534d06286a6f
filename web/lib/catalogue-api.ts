import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiGet, apiRequest } from './api-client';
import { nextPageOffset, toQueryString, type ListQuery, type ListQueryValues } from './list-query';
import { isOnline } from './online';

/** The two catalogues of the festival: each has a list, a page per entry, and owners who edit it. */
export type Catalogue = 'venues' | 'acts';

interface ListResponse {
  data: readonly unknown[];
  total?: number;
}

/**
 * The reads of one catalogue, GET /v1/{catalogue} and GET /v1/{catalogue}/{id}, as queries
 * (docs/behaviour.md#the-api): paging, order, search and filters for the list (`Query`, the
 * contract's list query), and one cache key family per catalogue so a change can refresh all of it.
 */
export function catalogueQueries<Item, List extends ListResponse, Query extends ListQueryValues>(catalogue: Catalogue) {
  const keys = {
    all: [catalogue] as const,
    list: (query: ListQuery<Query>) => [catalogue, 'list', query] as const,
    pages: (query: ListQuery<Query>) => [catalogue, 'pages', query] as const,
    detail: (id: number) => [catalogue, 'detail', id] as const,
  };

  const listPath = (query: ListQuery<Query>) => `/v1/${catalogue}${toQueryString(query)}` as const;
  const getList = (query: ListQuery<Query>, signal?: AbortSignal) => apiGet<List>(listPath(query), { signal });

  const listQuery = (query: ListQuery<Query>) =>
    queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => getList(query, signal),
      // While a new search runs, the last results stay on screen instead of a spinner.
      placeholderData: keepPreviousData,
    });

  /** The list page by page ("Show more"): the first page, then the next 100 from where it stopped. */
  const pagesQuery = (query: ListQuery<Query>) =>
    infiniteQueryOptions({
      queryKey: keys.pages(query),
      queryFn: ({ pageParam, signal }) => getList({ ...query, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: nextPageOffset,
      placeholderData: keepPreviousData,
    });

  const getOne = (id: number, signal?: AbortSignal) =>
    // Offline the page falls back to the schedule on the device (features/offline), so no dialog.
    apiGet<Item>(`/v1/${catalogue}/${id}`, { signal, quiet: !isOnline() });

  const oneQuery = (id: number) =>
    queryOptions({ queryKey: keys.detail(id), queryFn: ({ signal }) => getOne(id, signal) });

  return {
    keys,
    /** The address of a list's first page, as the list asks for it. */
    firstPagePath: (query: ListQuery<Query>) => listPath({ ...query, offset: 0 }),
    useList: (query: ListQuery<Query>, options: { enabled?: boolean } = {}) =>
      useQuery({ ...listQuery(query), enabled: options.enabled ?? true }),
    usePages: (query: ListQuery<Query>) => useInfiniteQuery(pagesQuery(query)),
    useOne: (id: number | undefined) => useQuery({ ...oneQuery(id ?? 0), enabled: id !== undefined }),
  };
}

/**
 * DELETE /v1/{catalogue}/{id}: the entry's page leaves the cache, and its catalogue and `alsoChanged`
 * (the other catalogue, whose cards name what is scheduled where) are fetched again.
 */
export function useDeleteFromCatalogue(catalogue: Catalogue, alsoChanged: Catalogue) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<unknown>(`/v1/${catalogue}/${id}`, { method: 'DELETE' }),
    onSuccess: async (_result, id) => {
      client.removeQueries({ queryKey: [catalogue, 'detail', id] });
      await Promise.all([
        client.invalidateQueries({ queryKey: [catalogue] }),
        client.invalidateQueries({ queryKey: [alsoChanged] }),
      ]);
    },
  });
}

/**
 * A create or an edit in a catalogue: once it succeeds, the catalogues in `changes` are fetched
 * again (every list, page and entry of them).
 */
export function useCatalogueMutation<Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
  changes: readonly Catalogue[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(changes.map((catalogue) => client.invalidateQueries({ queryKey: [catalogue] }))),
  });
}
