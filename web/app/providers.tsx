import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // A failed call is not retried: a network failure has already shown its dialog
      // (docs/behaviour.md#errors), and repeating it would show the dialog again.
      // offlineFirst: a read is sent even when the browser says it is offline, so the service
      // worker can answer it from its cache (web/sw/sw.ts) instead of the screen waiting forever.
      // A write is sent too, and fails with the network-error dialog instead of waiting unseen.
      queries: { retry: false, refetchOnWindowFocus: false, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function AppProviders({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
