import { useDeviceValue } from './device-value';

/**
 * A value kept on this device in localStorage: the favourites, the dismissed announcements and
 * the session. One set of rules for all of them:
 * - the stored text is JSON; text that is not JSON, or not the shape `parse` accepts, reads as
 *   `empty` (and `unreadable()` says so, for a store that would rather drop it);
 * - a read parses again only when the stored text changed, so React gets the same snapshot back;
 * - a change made in another tab reaches this one through the `storage` event;
 * - storage that is full or refused (a private window) keeps a written value for this page only;
 * - the server's snapshot is `empty`: the server knows nothing of this device
 *   (docs/decisions/0048-server-drawn-first-view.md), so the device's value shows once the
 *   browser has taken the page over.
 */
export interface DeviceStore<T> {
  key: string;
  /** The stored value, or `empty` when nothing readable is stored. */
  read(): T;
  /** What the server draws, and what an unreadable or missing value reads as. */
  empty(): T;
  /** Something is stored under the key that does not read as a value. */
  unreadable(): boolean;
  /** Stores the value; false when storage refused it (it then lasts for this page only). */
  write(value: T): boolean;
  remove(): void;
  subscribe(listener: () => void): () => void;
}

export function deviceStore<T>(key: string, parse: (value: unknown) => T | undefined, empty: T): DeviceStore<T> {
  const listeners = new Set<() => void>();
  let cache: { raw: string | null; value: T; readable: boolean } = { raw: null, value: empty, readable: true };
  // A value storage refused to keep: it stands until the next write, removal or change elsewhere.
  let pageOnly: { value: T } | undefined;

  const storedText = (): string | null => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  };

  const decode = (raw: string | null): { value: T; readable: boolean } => {
    if (raw === null) return { value: empty, readable: true };
    try {
      const value = parse(JSON.parse(raw));
      return value === undefined ? { value: empty, readable: false } : { value, readable: true };
    } catch {
      return { value: empty, readable: false };
    }
  };

  const read = (): T => {
    if (pageOnly) return pageOnly.value;
    const raw = storedText();
    if (raw !== cache.raw) cache = { raw, ...decode(raw) };
    return cache.value;
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const onStorage = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    pageOnly = undefined;
    notify();
  };

  return {
    key,
    read,
    empty: () => empty,
    unreadable: () => {
      read();
      return !pageOnly && !cache.readable;
    },
    write(value) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
        pageOnly = undefined;
      } catch {
        pageOnly = { value };
      }
      notify();
      return pageOnly === undefined;
    },
    remove() {
      pageOnly = undefined;
      try {
        window.localStorage.removeItem(key);
      } catch {
        // Nothing stored, nothing to remove.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}

/** The store's value, re-rendering when it changes on this page or in another tab. */
export function useDeviceStore<T>(store: DeviceStore<T>): T {
  return useDeviceValue(store.subscribe, store.read, store.empty());
}
