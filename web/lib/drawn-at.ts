import { createContext, useContext } from 'react';
import { useShowingDrawing } from './device-value';

/**
 * The moment a page the server drew was drawn at (docs/decisions/0048), for what the page shows by
 * the clock (the schedule's "Now" and "Next"): the server draws with its clock, and the browser
 * takes the page over at the same moment, then reads the device's own clock.
 */
export const DrawnAt = createContext<number | undefined>(undefined);

/**
 * The moment the page was drawn at while it is being drawn on the server or taken over in the
 * browser; undefined from just after the take-over (in a transition, web/lib/device-value.ts),
 * and on any page the browser draws itself.
 */
export function useDrawnAt(): number | undefined {
  const at = useContext(DrawnAt);
  return useShowingDrawing() ? at : undefined;
}
