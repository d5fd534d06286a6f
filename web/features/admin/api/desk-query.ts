import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/**
 * A desk GET, keyed under 'admin'. Every desk answer depends on who is signed in and changes with
 * every edit anywhere: asked afresh on every visit (gcTime 0), never served from another
 * session's cache.
 */
export function deskQuery<T>(key: readonly unknown[], path: `/v1/admin/${string}`) {
  return queryOptions({
    queryKey: ['admin', ...key],
    queryFn: ({ signal }) => apiGet<T>(path, { signal }),
    gcTime: 0,
  });
}

/**
 * A desk change. Once it settles the desk's answers are asked again (the audit log has a new
 * entry, the figures may have moved), with those under the keys in `alsoRefresh`.
 */
export function useDeskMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  alsoRefresh: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([['admin'], ...alsoRefresh].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * What the release time and the rain switch change besides the desk: every page's schedule and
 * dates, and who plays where on the act and venue cards (docs/decisions/0054-rain-date-and-release.md).
 */
export const SCHEDULE_AND_FESTIVAL: readonly QueryKey[] = [['schedule'], ['festival'], ['acts'], ['venues']];
