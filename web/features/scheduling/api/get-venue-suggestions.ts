import type { SlotDef } from '../../../../contract/enums';
import type { VenueSuggestionsResponse } from '../../../../contract/matching';
import { apiGet } from '../../../lib/api-client';
import { venueSlotRead } from './venue-slot-read';

/** The matchmaking reads of the slots editor share one key family, fetched again after a save. */
export const matchingKeys = {
  all: ['matching'] as const,
  suggestions: (venueId: number, slot: SlotDef) => ['matching', 'suggestions', venueId, slot] as const,
};

/**
 * GET /v1/venues/{id}/suggestions (docs/decisions/0049-matchmaking.md): the acts that fit one slot
 * of the host's porch, best first, each with its reasons and warnings. The server counts the slot
 * as offered and empty, so the answer holds while the host is still choosing.
 */
export const getVenueSuggestions = (venueId: number, slot: SlotDef, signal?: AbortSignal) =>
  apiGet<VenueSuggestionsResponse>(`/v1/venues/${venueId}/suggestions?slot_def=${encodeURIComponent(slot)}`, {
    signal,
  });

export const { query: venueSuggestionsQuery, useRead: useVenueSuggestions } = venueSlotRead(
  matchingKeys.suggestions,
  getVenueSuggestions,
);
