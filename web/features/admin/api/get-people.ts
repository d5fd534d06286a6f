import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PeopleQuery, PeopleResponse } from '../../../../contract/admin';
import { deskQuery } from './desk-query';

/** GET /v1/admin/users */
export function usePeople(
  query: Pick<PeopleQuery, 'offset' | 'limit'> & Partial<Pick<PeopleQuery, 'search' | 'role'>>,
) {
  const params = new URLSearchParams({
    offset: String(query.offset),
    limit: String(query.limit),
    include_total: 'true',
  });
  if (query.search) params.set('search', query.search);
  if (query.role) params.set('role', query.role);
  return useQuery({
    ...deskQuery<PeopleResponse>(['users', params.toString()], `/v1/admin/users?${params.toString()}`),
    placeholderData: keepPreviousData,
  });
}
