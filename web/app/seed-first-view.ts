import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { FestivalResponse } from '../../contract/festival';
import type { ApiPath } from '../lib/api-client';
import { festivalQuery, receiveFestival } from '../lib/festival';

/** One read a server-drawn page comes from (web/app/first-view.ts), as the page names it (#app-start). */
export interface DrawnRead {
  /** The query the screen reads it through. */
  key: QueryKey;
  /** The GET, exactly as the screen asks for it. */
  path: ApiPath;
  /** The first page of a list that pages ("Show more"): kept as an infinite query's first page. */
  paged?: boolean;
}

/**
 * Puts the reads' answers (in the order of `reads`) into the app's query cache, as the queries' own
 * fetches would have: the server's drawing (web/entry-server.tsx) and the browser taking the page
 * over (web/main.tsx) start from the same cache.
 */
export function seedFirstView(client: QueryClient, reads: readonly DrawnRead[], answers: readonly unknown[]): void {
  reads.forEach((read, i) => {
    const data = answers[i];
    if (read.key[0] === festivalQuery.queryKey[0]) receiveFestival(data as FestivalResponse);
    client.setQueryData(read.key, read.paged ? { pages: [data], pageParams: [0] } : data);
    // Just fetched: the screen that takes the page over does not ask again as it mounts (the
    // schedule's answer is half a megabyte to parse on a phone); later visits ask as always.
    let justFetched = true;
    client.setQueryDefaults(read.key, {
      refetchOnMount: () => {
        const again = !justFetched;
        justFetched = false;
        return again;
      },
    });
  });
}
