import { startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** What a reader does before the rest of a long list matters: scrolling, a key (Tab, find), printing. */
const INTERACTIONS = ['scroll', 'wheel', 'touchmove', 'keydown', 'beforeprint'] as const;

/**
 * How many of a list to draw: the first `first` items, then all of them as soon as the reader
 * scrolls, presses a key or prints. A phone opening a list of 100 cards builds a screenful, not a
 * hundred cards it may never show (docs/decisions/0045-first-cards-then-the-rest.md); once the
 * reader moves, everything fetched is on the page, for the browser's search, the keyboard, the
 * "Show more" focus and paper.
 */
export function useRestOnInteraction(total: number, first: number): number {
  const [all, setAll] = useState(false);
  const waiting = !all && total > first;
  useEffect(() => {
    if (!waiting) return;
    // Paper is laid out right after `beforeprint`: the rest is drawn before the handler returns.
    // Otherwise as a transition, in slices a tap can interrupt.
    const showAll = (event: Event) =>
      event.type === 'beforeprint' ? flushSync(() => setAll(true)) : startTransition(() => setAll(true));
    for (const type of INTERACTIONS) window.addEventListener(type, showAll, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, showAll);
    };
  }, [waiting]);
  return waiting ? first : total;
}
