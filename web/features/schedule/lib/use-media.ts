import { useSyncExternalStore } from 'react';
import { useDeviceValue } from '../../../lib/device-value';

function mediaStore(query: string) {
  // A browser without matchMedia (jsdom) is taken for a wide screen.
  const supported = () => typeof window.matchMedia === 'function';
  const subscribe = (listener: () => void) => {
    if (!supported()) return () => {};
    const list = window.matchMedia(query);
    list.addEventListener('change', listener);
    return () => list.removeEventListener('change', listener);
  };
  return { subscribe, get: () => (supported() ? window.matchMedia(query).matches : true) };
}

// Bootstrap's md breakpoint: below it the schedule is by time, from it the spec's grid.
const wide = mediaStore('(min-width: 768px)');

/**
 * Whether the screen is wide enough for the grid; only one of the two layouts is rendered.
 * Undefined where the width is not known: the server drawing the page, and the browser taking that
 * page over (docs/decisions/0048), which then draw both and let the style sheet show one.
 */
export function useWideScreen(): boolean | undefined {
  return useDeviceValue<boolean | undefined>(wide.subscribe, wide.get, undefined);
}

let printing = false;
const printListeners = new Set<() => void>();
function setPrinting(value: boolean) {
  printing = value;
  for (const listener of printListeners) listener();
}
if (typeof window !== 'undefined') {
  window.addEventListener('beforeprint', () => setPrinting(true));
  window.addEventListener('afterprint', () => setPrinting(false));
}

const print = mediaStore('print');

/** True while the page is being printed: paper gets the whole grid, not the first rows. */
export function usePrinting(): boolean {
  const printMedia = useSyncExternalStore(
    print.subscribe,
    () => typeof window.matchMedia === 'function' && print.get(),
    () => false,
  );
  const printEvent = useSyncExternalStore(
    (listener) => {
      printListeners.add(listener);
      return () => printListeners.delete(listener);
    },
    () => printing,
    () => false,
  );
  return printMedia || printEvent;
}
