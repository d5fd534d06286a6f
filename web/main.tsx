import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouter } from './app/router';
import { festivalQuery } from './lib/festival';
import { currentSession } from './lib/session';
import { registerServiceWorker } from './app/register-sw';

// docs/behaviour.md#states-and-transitions: an expired stored token logs the user out, silently,
// before anything is shown.
currentSession();

const queryClient = createQueryClient();
// The nav bar and every page title need the festival: ask for it while the page's code loads.
void queryClient.prefetchQuery(festivalQuery);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread in one long task: on a slow phone the page answers taps sooner
// (Lighthouse's Total Blocking Time, docs/decisions/0011-public-pages-performance.md).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders client={queryClient}>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
});
