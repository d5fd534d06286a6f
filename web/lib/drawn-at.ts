import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The moment a page the server drew was drawn at (docs/decisions/0048), for what the page shows by
 * the clock (the schedule's "Now" and "Next"): the server draws with its clock, and the browser
 * takes the page over at the same moment, then reads the device's own clock.
 */
export const DrawnAt = createContext<number | undefined>(undefined);

const unchanging = () => () => {};
const notDrawing = () => undefined;

/**
 * The moment the page was drawn at while it is being drawn on the server or taken over in the
 * browser (React reads a store's server snapshot exactly then); undefined from then on, and on any
 * page the browser draws itself.
 */
export function useDrawnAt(): number | undefined {
  const at = useContext(DrawnAt);
  return useSyncExternalStore(unchanging, notDrawing, () => at);
}
