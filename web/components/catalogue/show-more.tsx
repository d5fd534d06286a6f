import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';

interface ShowMoreProps {
  /** How many items are on the page now. */
  shown: number;
  /** How many there are in all (from include_total), when known. */
  total: number | undefined;
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
export function ShowMore({ shown, total, hasMore, loading, onMore, noun }: ShowMoreProps) {
  if (total === undefined && !hasMore) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
      <p className="mb-0" aria-live="polite" aria-atomic="true">
        Showing {shown} of {total ?? shown}
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
 * "Show more" for a list of cards: loads the next page, and once it arrives moves keyboard focus to
 * the first newly loaded card's link (its title), so a keyboard or screen-reader user carries on
 * reading where the new items start. `shown` is how many items the list shows now; `list` goes on
 * the list.
 */
export function useShowMore(shown: number, loadMore: () => Promise<unknown>) {
  const list = useRef<HTMLUListElement>(null);
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null || shown <= index) return;
    pending.current = null;
    const item = list.current?.children[index];
    const target = item?.querySelector<HTMLElement>('.card-title a') ?? null;
    target?.focus();
  }, [shown]);
  const showMore = () => {
    pending.current = shown;
    void loadMore();
  };
  return { list, showMore };
}
