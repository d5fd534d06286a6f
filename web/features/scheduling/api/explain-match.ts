import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotDef } from '../../../../contract/enums';
import type { ExplainResponse } from '../../../../contract/matching';
import { apiGet } from '../../../lib/api-client';
import { matchingKeys } from './get-venue-suggestions';

export interface ExplainPair {
  venueId: number;
  slot: SlotDef;
  actId: number;
}

const explainKey = ({ venueId, slot, actId }: ExplainPair) =>
  [...matchingKeys.all, 'explain', venueId, slot, actId] as const;

/**
 * GET /v1/matches/explain with open_slot=true (docs/decisions/0049-matchmaking.md): whether an act
 * fits a slot of the host's porch, and every hard rule that stops it ("This act needs electricity;
 * your porch has none"), asked as the editor does, with the slot counted as offered and empty.
 */
export const explainMatch = ({ venueId, slot, actId }: ExplainPair, signal?: AbortSignal) =>
  apiGet<ExplainResponse>(
    `/v1/matches/explain?venue_id=${venueId}&slot_def=${encodeURIComponent(slot)}&act_id=${actId}&open_slot=true`,
    { signal },
  );

export const explainMatchQuery = (pair: ExplainPair) =>
  queryOptions({ queryKey: explainKey(pair), queryFn: ({ signal }) => explainMatch(pair, signal) });

/** The explanation of a pair, or nothing asked while `pair` is null. */
export function useExplainMatch(pair: ExplainPair | null) {
  return useQuery({
    ...explainMatchQuery(pair ?? { venueId: 0, slot: 'Slot 1', actId: 0 }),
    enabled: pair !== null,
  });
}
