import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
// The cards' and bios' own few rules, in the one style sheet every page loads: the pages the
// server draws (docs/decisions/0048) show them before any screen's code has loaded, and each
// sheet more would hold the first paint for another request. Their components import them too.
import './components/catalogue/entry-card.css';
import './components/rich-text/bio-excerpt.css';
import './components/rich-text/rich-text.css';
import './features/favourites/favourites.css';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { apiGet } from './lib/api-client';
import type { StartPlan } from '../contract/first-view';
import { seedFirstView } from './app/seed-first-view';
import { DrawnAt } from './lib/drawn-at';
import { takeOverStarts } from './lib/device-value';
import { festivalQuery } from './lib/festival';
import { currentSession } from './lib/session';
import { registerServiceWorker } from './app/register-sw';

// docs/behaviour.md#states-and-transitions: an expired stored token logs the user out, silently,
// before anything is shown.
currentSession();

const queryClient = createQueryClient();

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The one router: made while a take-over waits for its reads, or when the app draws the page. */
let router: ReturnType<typeof createAppRouter> | undefined;
const appRouter = () => (router ??= createAppRouter());

const app = (drawnAt?: number): ReactNode => (
  <StrictMode>
    <AppProviders client={queryClient}>
      <DrawnAt value={drawnAt}>
        <RouterProvider router={appRouter()} />
      </DrawnAt>
    </AppProviders>
  </StrictMode>
);

/** The rest of this task is the browser's (a paint, a tap): what follows runs in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A page the server drew (docs/decisions/0048) is taken over, not drawn again: the app makes the
 * reads the server drew it from (the page names them in #app-start, and web/start-app.ts has
 * already sent them), then hydrates it at the moment it was drawn. If a read fails, the app draws the page itself, as it
 * does every other page.
 */
async function takeOver(element: HTMLElement, client: QueryClient): Promise<boolean> {
  if (element.dataset.firstView !== 'server') return false;
  // Written by this server, which checked it against the contract's schema (server/web/first-view.ts).
  const plan = JSON.parse(document.getElementById('app-start')?.textContent ?? 'null') as StartPlan | null;
  const reads = plan?.reads;
  if (!reads) return false;
  const answered = Promise.all(reads.map((read) => apiGet<unknown>(read.path, { anonymous: true, quiet: true })));
  // While the reads are on their way, the router (matching the address against the route table) in
  // a task of its own; then the answers (parsed as each arrives) seed the cache, and hydration starts
  // in another task: on a slow phone each is a short task, not one long one (docs/decisions/0059).
  // (A read that fails meanwhile is handled below, not reported as unhandled.)
  answered.catch(() => undefined);
  await nextTask();
  appRouter();
  try {
    seedFirstView(client, reads, await answered);
  } catch {
    return false;
  }
  await nextTask();
  // As a transition, so hydration too yields to the browser every few milliseconds, as the first
  // render below does. The page was drawn for someone not signed in; a signed-in person's own
  // buttons appear right after (useSession reads the session once hydrated), and their reads are
  // asked for again with their token.
  takeOverStarts();
  startTransition(() => {
    hydrateRoot(element, app(Number(element.dataset.drawnAt) || undefined), {
      // The page changed between the server's drawing and now (an edit): React draws the part that
      // differs again, which is all this needs to say.
      onRecoverableError: (error) => console.info('Part of the page was drawn again in the browser:', error),
    });
  });
  if (currentSession())
    void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== festivalQuery.queryKey[0] });
  return true;
}

void takeOver(root, queryClient).then((tookOver) => {
  if (tookOver) return;
  // The nav bar and every page title need the festival: ask for it while the page's code loads.
  void queryClient.prefetchQuery(festivalQuery);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread in one long task: on a slow phone the page answers taps sooner
  // (Lighthouse's Total Blocking Time, docs/decisions/0011-public-pages-performance.md).
  startTransition(() => {
    createRoot(root).render(app());
  });
});
