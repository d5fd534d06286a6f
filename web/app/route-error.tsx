import { useEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title';
import { useOnline } from '../lib/online';
import { takeOverDone } from '../lib/device-value';

/**
 * Shown when a screen throws or its code cannot be loaded (typically a new release replaced
 * the chunk this page asked for): a reload fetches the current one. Offline, the screen's code
 * was never saved for offline use (the rich-text editor's forms): it says so and offers the
 * schedule instead of a reload, which would show nothing more. Inside the layout it sits in the
 * page's <main>; `standalone` is for a failure of the layout itself.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const online = useOnline();
  usePageTitle(online ? 'Something went wrong' : 'Not available offline');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    // A drawn page whose screen failed is not being taken over any more (web/lib/device-value.ts).
    takeOverDone();
  }, [error]);
  const content = online ? (
    <>
      <h1>Something went wrong</h1>
      <p>This page could not be shown.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </>
  ) : (
    <>
      <h1>Not available offline</h1>
      <p>This page needs a connection. The schedule and the pages you have opened still work.</p>
      <Link className="btn btn-primary" to="/schedule">
        Open the schedule
      </Link>
    </>
  );
  return standalone ? <main className="container py-4">{content}</main> : content;
}
