import { useEffect, useRef, useState } from 'react';

/**
 * How many of a long list to render: a first screenful, then the next batch each time a
 * sentinel below the rendered part comes near the viewport. What is already on screen never
 * moves, so there is no layout shift; `all` (printing) renders everything at once.
 */
export function useProgressive(total: number, first: number, batch: number, all = false) {
  const [count, setCount] = useState(first);
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = all ? total : Math.min(count, total);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || shown >= total || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) setCount((c) => c + batch);
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown, total, batch]);

  return { shown, sentinel, reset: () => setCount(first) };
}
