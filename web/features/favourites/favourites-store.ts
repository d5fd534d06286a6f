import { useCallback } from 'react';
import { deviceStore, useDeviceStore } from '../../lib/device-store';

/**
 * Favourite acts, kept on the device without an account (docs/decisions/0015-festival-day.md):
 * in localStorage, so they survive reloads and need no network, and every tab sees a change made
 * in another (web/lib/device-store.ts).
 */
const store = deviceStore<readonly number[]>(
  'porchfest.favourites',
  (value) => (Array.isArray(value) ? positiveIds(value) : undefined),
  [],
);

/** Act ids: positive integers, each once; anything else is dropped. */
function positiveIds(values: readonly unknown[]): number[] {
  const ids = values.map((v) => (typeof v === 'string' ? Number(v.trim()) : v));
  return [...new Set(ids.filter((id): id is number => typeof id === 'number' && Number.isSafeInteger(id) && id > 0))];
}

/** A shared list of act ids ('3,5,8' or '[3,5,8]'): positive integers, each once. */
export function parseIds(raw: string | null): number[] {
  return raw ? positiveIds(raw.replace(/[[\]]/g, '').split(',')) : [];
}

export function favouriteIds(): readonly number[] {
  return store.read();
}

export function setFavourite(actId: number, on: boolean) {
  const ids = store.read();
  if (on === ids.includes(actId)) return;
  store.write(on ? [...ids, actId] : ids.filter((id) => id !== actId));
}

export function addFavourites(actIds: readonly number[]) {
  const ids = store.read();
  const added = actIds.filter((id) => !ids.includes(id));
  if (added.length > 0) store.write([...ids, ...added]);
}

/** The favourite act ids, re-rendering when they change here or in another tab. */
export function useFavourites(): readonly number[] {
  return useDeviceStore(store);
}

export function useIsFavourite(actId: number): [boolean, (on: boolean) => void] {
  const on = useFavourites().includes(actId);
  const set = useCallback((value: boolean) => setFavourite(actId, value), [actId]);
  return [on, set];
}
