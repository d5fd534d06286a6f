import { useSyncExternalStore } from 'react';
import { apiHref, onNoAnswer } from './api-client';

/**
 * Whether the server can be reached (docs/decisions/0041-offline-is-what-the-network-says.md).
 *
 * `navigator.onLine` only knows when the device has no network at all. With a poor signal it
 * stays true while nothing gets through, and a page the service worker served from its cache
 * reads true even offline in some Chromium releases. So the app also asks the server itself: a
 * HEAD of the festival (a few bytes, never answered by the service worker, which only handles
 * GETs) when the app starts, when the browser says the network is back, and when a call gets no
 * answer. Any answer, whatever its status, means reachable; no answer means offline until a
 * retry, every RETRY_MS while offline, gets one.
 */
const PROBE_PATH = '/v1/festival';
const RETRY_MS = 5_000;

let reachable = true;
let probing: Promise<void> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let started = false;
const listeners = new Set<() => void>();

function setReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener();
}

/** Asks the server once (one probe at a time); while it does not answer, asks again every RETRY_MS. */
export function probeServer(): Promise<void> {
  probing ??= (async () => {
    clearTimeout(retry);
    retry = undefined;
    try {
      await fetch(apiHref(PROBE_PATH), { method: 'HEAD', cache: 'no-store' });
      setReachable(true);
    } catch {
      setReachable(false);
      retry = setTimeout(() => void probeServer(), RETRY_MS);
    } finally {
      probing = undefined;
    }
  })();
  return probing;
}

// A call that got no answer (api-client): offline until a probe gets one.
onNoAnswer(() => {
  setReachable(false);
  void probeServer();
});

const onBrowserChange = () => {
  for (const listener of listeners) listener();
  if (navigator.onLine) void probeServer();
};

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  if (listeners.size === 1) {
    window.addEventListener('online', onBrowserChange);
    window.addEventListener('offline', onBrowserChange);
  }
  if (!started) {
    started = true;
    // In a task of its own: starting a request costs a slow phone a few milliseconds, and this runs
    // among the effects React runs right after it has drawn or taken over the page (decision 0059).
    setTimeout(() => void probeServer(), 0);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      window.removeEventListener('online', onBrowserChange);
      window.removeEventListener('offline', onBrowserChange);
    }
  };
};

/** Whether the app can reach the server, as far as it knows now. */
export function isOnline(): boolean {
  return navigator.onLine && reachable;
}

/** Whether the app can reach the server: false when the browser knows it has no network, or a call or probe got no answer. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
