import { useCallback, useSyncExternalStore } from 'react';

/**
 * Favourite acts, kept on the device without an account (docs/decisions/0015-festival-day.md):
 * in localStorage, so they survive reloads and need no network, and every tab sees a change made
 * in another through the `storage` event.
 */
const KEY = 'porchfest.favourites';
const listeners = new Set<() => void>();
let cache: { raw: string | null; ids: readonly number[] } = { raw: null, ids: [] };

function read(): readonly number[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    // Storage refused (a private window with storage off): no favourites, nothing breaks.
  }
  if (raw === cache.raw) return cache.ids;
  cache = { raw, ids: parseIds(raw) };
  return cache.ids;
}

/** A stored or shared list of act ids: positive integers, each once; anything else is dropped. */
export function parseIds(raw: string | null): number[] {
  if (!raw) return [];
  const ids = raw
    .replace(/[[\]]/g, '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

function write(ids: readonly number[]) {
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    // Full or refused storage: the change lasts for this page only.
    cache = { raw: cache.raw, ids };
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function favouriteIds(): readonly number[] {
  return read();
}

export function setFavourite(actId: number, on: boolean) {
  const ids = read();
  if (on === ids.includes(actId)) return;
  write(on ? [...ids, actId] : ids.filter((id) => id !== actId));
}

export function addFavourites(actIds: readonly number[]) {
  const ids = read();
  const added = actIds.filter((id) => !ids.includes(id));
  if (added.length > 0) write([...ids, ...added]);
}

/** The favourite act ids, re-rendering when they change here or in another tab. */
export function useFavourites(): readonly number[] {
  return useSyncExternalStore(subscribe, read, () => []);
}

export function useIsFavourite(actId: number): [boolean, (on: boolean) => void] {
  const on = useFavourites().includes(actId);
  const set = useCallback((value: boolean) => setFavourite(actId, value), [actId]);
  return [on, set];
}
