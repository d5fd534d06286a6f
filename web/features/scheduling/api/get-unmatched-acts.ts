import type { SlotDef } from '../../../../contract/enums';
import type { UnmatchedActsResponse } from '../../../../contract/schedule';
import { apiGet } from '../../../lib/api-client';
import { venueSlotRead } from './venue-slot-read';

export const unmatchedKeys = {
  all: ['acts', 'unmatched'] as const,
  slot: (venueId: number, slot: SlotDef) => ['acts', 'unmatched', venueId, slot] as const,
};

/** GET /v1/acts/unmatched: the acts free at that slot time, with the one already in this venue's slot. */
export const getUnmatchedActs = (venueId: number, slot: SlotDef, signal?: AbortSignal) =>
  apiGet<UnmatchedActsResponse>(`/v1/acts/unmatched?venue_id=${venueId}&slot_def=${encodeURIComponent(slot)}`, {
    signal,
  });

export const { query: unmatchedActsQuery, useRead: useUnmatchedActs } = venueSlotRead(
  unmatchedKeys.slot,
  getUnmatchedActs,
);
