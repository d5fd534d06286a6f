import { useQuery } from '@tanstack/react-query';
import type { MatchingHealth } from '../../../../contract/matching';
import { deskQuery } from './desk-query';

/**
 * GET /v1/admin/matching (docs/decisions/0049-matchmaking.md): porches with no act yet, acts with
 * no porch and why, and the scheduled sets that break a rule, by slot.
 */
export function useMatchingHealth() {
  return useQuery(deskQuery<MatchingHealth>(['matching'], '/v1/admin/matching'));
}
