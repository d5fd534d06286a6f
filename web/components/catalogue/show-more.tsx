import { useEffect, useRef, type RefObject } from 'react';
import Button from 'react-bootstrap/Button';

interface ShowMoreProps {
  /** How many items are on the page now. */
  shown: number;
  /** How many there are in all (from include_total), when known. */
  total: number | undefined;
  /** A sentence that replaces "Showing N of M" (when the page filters what it fetched). */
  progress?: string;
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** 'acts', 'venues': what the button loads, for screen readers. */
  noun: string;
}

/**
 * "Showing 100 of 600" and a "Show more" button that loads the next page (docs/decisions/0016).
 * The line is announced when it changes, so a screen reader hears how far the list has come.
 */
export function ShowMore({ shown, total, progress, hasMore, loading, onMore, noun }: ShowMoreProps) {
  if (total === undefined && !hasMore) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
      <p className="mb-0" aria-live="polite" aria-atomic="true">
        {progress ?? `Showing ${shown} of ${total ?? shown}`}
      </p>
      {hasMore && (
        <Button variant="outline-primary" onClick={onMore} disabled={loading}>
          {loading ? `Loading more ${noun}…` : 'Show more'}
        </Button>
      )}
    </div>
  );
}

/**
 * After "Show more", keyboard focus moves to the first newly loaded card's link (its title), so
 * a keyboard or screen-reader user carries on reading where the new items start. Call the
 * returned function with the number of items shown before loading.
 */
export function useFocusFirstNew(list: RefObject<HTMLElement | null>, shown: number): (before: number) => void {
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null || shown <= index) return;
    pending.current = null;
    const item = list.current?.children[index];
    const target = item?.querySelector<HTMLElement>('.card-title a') ?? null;
    target?.focus();
  }, [list, shown]);
  return (before: number) => {
    pending.current = before;
  };
}
