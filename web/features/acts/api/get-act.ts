import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Act } from '../../../../contract/acts';
import { apiGet } from '../../../lib/api-client';
import { actKeys } from './get-acts';

/** GET /v1/acts/{id}. */
export const getAct = (id: number, signal?: AbortSignal) => apiGet<Act>(`/v1/acts/${id}`, { signal });

export const actQuery = (id: number) =>
  queryOptions({ queryKey: actKeys.detail(id), queryFn: ({ signal }) => getAct(id, signal) });

export function useAct(id: number | undefined) {
  return useQuery({ ...actQuery(id ?? 0), enabled: id !== undefined });
}
