import { useEffect } from 'react';
import { useFestival } from './festival';

/** Sets document.title to "<page> | {product}" (the product name comes from the festival config). */
export function usePageTitle(page: string): void {
  const { data: festival } = useFestival();
  useEffect(() => {
    document.title = festival ? `${page} | ${festival.name}` : page;
  }, [page, festival]);
}
