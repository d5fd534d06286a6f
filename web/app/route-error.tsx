import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../lib/page-title';

/**
 * Shown when a screen throws or its code cannot be loaded (typically a new release replaced
 * the chunk this page asked for): a reload fetches the current one. Inside the layout it
 * sits in the page's <main>; `standalone` is for a failure of the layout itself.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  usePageTitle('Something went wrong');
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const content = (
    <>
      <h1>Something went wrong</h1>
      <p>This page could not be shown.</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </>
  );
  return standalone ? <main className="container py-4">{content}</main> : content;
}
