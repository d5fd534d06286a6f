import type { QueryClient } from '@tanstack/react-query';
import type { FestivalResponse } from '../../contract/festival';
import type { DrawnRead } from '../../contract/first-view';
import { festivalQuery, receiveFestival } from '../lib/festival';

export type { DrawnRead };

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
