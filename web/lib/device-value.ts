import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const onServer = typeof window === 'undefined';

/** True on the server, and in the browser while the app takes a page the server drew over. */
let drawing = onServer;

/** web/main.tsx: the app is about to take a page the server drew over (hydration). */
export function takeOverStarts(): void {
  drawing = true;
}

/** web/app/lazy-page.tsx: the page's screen is taken over; what mounts from now on reads the device at once. */
export function takeOverDone(): void {
  drawing = false;
}

/**
 * Whether this component shows the server's drawing (docs/decisions/0048): true on the server and,
 * in the browser, in a component taken over from that drawing, until just after the take-over,
 * when it turns false in a transition. What a page shows from the device (its width, its clock,
 * its storage) is then drawn in slices that yield to the browser, instead of in one task that
 * React runs at once after hydration for every store whose server value differs from the
 * device's (docs/decisions/0059). False from the start in whatever the browser draws itself.
 */
export function useShowingDrawing(): boolean {
  const [showing, setShowing] = useState(() => drawing);
  useEffect(() => {
    if (showing) startTransition(() => setShowing(false));
  }, [showing]);
  return showing;
}

/**
 * A value of the device (React's external store: `subscribe` and `read`), and `drawn`, what the
 * server shows for it, while the component shows the server's drawing. In the browser the store's
 * server snapshot is the device's own value, so React finds nothing changed to redraw at once after
 * the take-over; `useShowingDrawing` switches to it in a transition. `drawn` must be one value
 * (not a new object on every call).
 */
export function useDeviceValue<T>(subscribe: (onChange: () => void) => () => void, read: () => T, drawn: T): T {
  const showingDrawing = useShowingDrawing();
  const value = useSyncExternalStore(subscribe, read, onServer ? () => drawn : read);
  return showingDrawing ? drawn : value;
}
