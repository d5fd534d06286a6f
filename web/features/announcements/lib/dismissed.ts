import { useCallback } from 'react';
import { deviceStore, useDeviceStore } from '../../../lib/device-store';

/** The announcements dismissed on this device, by id (docs/behaviour.md#announcements). */
export const DISMISSED_STORAGE_KEY = 'porchfest.dismissed-announcements';

// The server knows nothing of this device: it draws every announcement, and the dismissed ones go
// as soon as the browser has taken the page over (web/lib/device-store.ts).
const store = deviceStore<readonly number[]>(
  DISMISSED_STORAGE_KEY,
  (value) => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : undefined),
  [],
);

/**
 * The dismissed ids and a function to dismiss one. Only the ids of announcements still shown are
 * kept, so the list does not grow over the years.
 */
export function useDismissed(shownIds: number[]) {
  const dismissed = useDeviceStore(store);
  const dismiss = useCallback(
    (id: number) => store.write([...new Set([...store.read(), id])].filter((d) => d === id || shownIds.includes(d))),
    [shownIds],
  );
  return { dismissed, dismiss };
}
