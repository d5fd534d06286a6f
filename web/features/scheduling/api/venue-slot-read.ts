import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlotDef } from '../../../../contract/enums';

/**
 * A read the slots editor makes for one slot of a venue (the acts free then, the suggestions): its
 * query options under `key`, and the hook that reads it.
 */
export function venueSlotRead<T>(
  key: (venueId: number, slot: SlotDef) => readonly unknown[],
  get: (venueId: number, slot: SlotDef, signal?: AbortSignal) => Promise<T>,
) {
  const query = (venueId: number, slot: SlotDef) =>
    queryOptions({ queryKey: key(venueId, slot), queryFn: ({ signal }) => get(venueId, slot, signal) });
  return { query, useRead: (venueId: number, slot: SlotDef) => useQuery(query(venueId, slot)) };
}
