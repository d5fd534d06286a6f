import type { InfiniteData } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';

/**
 * The pages of a list fetched so far, and their entries in one array. They come from a deferred
 * copy of the answer: React renders it in slices that yield to the browser, not in one long task on
 * arrival (docs/decisions/0040-deferred-first-render.md).
 */
export function useDeferredPages<Item>(data: InfiniteData<{ data: readonly Item[]; total?: number }> | undefined) {
  const pages = useDeferredValue(data)?.pages;
  const items = useMemo(() => pages?.flatMap((page) => page.data) ?? [], [pages]);
  return { pages, items };
}
