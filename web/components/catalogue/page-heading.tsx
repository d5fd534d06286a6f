import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * After a client-side navigation, focus moves to the new page's h1, so a screen reader
 * announces the page and keyboard users start from its top. On the first page load (React
 * Router's location key 'default') focus stays where the browser put it. Runs on arrival
 * only: filters changing the query string must not pull focus away.
 */
function useFocusHeadingOnArrival(find: () => HTMLElement | null | undefined) {
  const { key } = useLocation();
  const arrival = useRef(key);
  const findRef = useRef(find);
  useEffect(() => {
    if (arrival.current === 'default') return;
    const heading = findRef.current();
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
  }, []);
}

/** The page's one h1, focused on arrival. */
export function PageHeading({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useFocusHeadingOnArrival(() => ref.current);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}

/** For a page whose h1 is drawn by a child (a card on its own page): focuses that h1 on arrival. */
export function PageHeadingFocus({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusHeadingOnArrival(() => ref.current?.querySelector('h1'));
  return <div ref={ref}>{children}</div>;
}
