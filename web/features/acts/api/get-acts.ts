import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ActListResponse } from '../../../../contract/acts';
import { apiGet } from '../../../lib/api-client';
import { toQueryString, type ListQuery } from '../../../lib/list-query';

export const actKeys = {
  all: ['acts'] as const,
  list: (query: ListQuery) => ['acts', 'list', query] as const,
  detail: (id: number) => ['acts', 'detail', id] as const,
};

/** GET /v1/acts with the list query (spec 7): paging, order, search and filters. */
export const getActs = (query: ListQuery, signal?: AbortSignal) =>
  apiGet<ActListResponse>(`/v1/acts${toQueryString(query)}`, { signal });

export const actsQuery = (query: ListQuery) =>
  queryOptions({
    queryKey: actKeys.list(query),
    queryFn: ({ signal }) => getActs(query, signal),
    // While a new search runs, the last results stay on screen instead of a spinner.
    placeholderData: keepPreviousData,
  });

export function useActs(query: ListQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...actsQuery(query), enabled: options.enabled ?? true });
}
