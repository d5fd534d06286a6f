import { useCallback, useSyncExternalStore } from 'react';

/** The announcements dismissed on this device, by id (docs/behaviour.md#announcements). */
export const DISMISSED_STORAGE_KEY = 'porchfest.dismissed-announcements';

function read(): number[] {
  try {
    const value: unknown = JSON.parse(window.localStorage.getItem(DISMISSED_STORAGE_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

function write(ids: number[]): void {
  try {
    window.localStorage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused (private mode): the banner stays dismissed for this page only.
  }
}

// The device's list, read once and then kept in step with each dismissal.
let known: number[] | undefined;
const listeners = new Set<() => void>();
const snapshot = () => (known ??= read());
const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
// The server knows nothing of this device (docs/decisions/0048): it draws every announcement, and
// the dismissed ones go as soon as the browser has taken the page over.
const NONE: number[] = [];

/**
 * The dismissed ids and a function to dismiss one. Only the ids of announcements still shown are
 * kept, so the list does not grow over the years.
 */
export function useDismissed(shownIds: number[]) {
  const dismissed = useSyncExternalStore(subscribe, snapshot, () => NONE);
  const dismiss = useCallback(
    (id: number) => {
      known = [...new Set([...read(), id])].filter((d) => d === id || shownIds.includes(d));
      write(known);
      for (const listener of listeners) listener();
    },
    [shownIds],
  );
  return { dismissed, dismiss };
}
