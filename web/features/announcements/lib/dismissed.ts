import { useCallback, useState } from 'react';

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

/**
 * The dismissed ids and a function to dismiss one. Only the ids of announcements still shown are
 * kept, so the list does not grow over the years.
 */
export function useDismissed(shownIds: number[]) {
  const [dismissed, setDismissed] = useState<number[]>(read);
  const dismiss = useCallback(
    (id: number) => {
      const next = [...new Set([...read(), id])].filter((d) => d === id || shownIds.includes(d));
      write(next);
      setDismissed(next);
    },
    [shownIds],
  );
  return { dismissed, dismiss };
}
