/**
 * The server's drawing of a page's first view (docs/decisions/0048): the web app's own routes and
 * components, drawn to HTML from the reads the server made for it. Built by Vite into
 * dist/ssr/entry-server.js (`npm run build:ssr`), which the server loads at start; the server
 * never imports web/ itself.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { firstView } from './app/first-view';
import { seedFirstView } from './app/seed-first-view';
import { setSanitizerWithoutDom } from './components/rich-text/sanitize-rich-text';
import { DrawnAt } from './lib/drawn-at';

export { firstView };

export interface RenderOptions {
  /** The reads firstView named for this address, answered in the same order. */
  answers: readonly unknown[];
  /** Cleans stored rich text where there is no DOM for DOMPurify (the server's sanitizer). */
  sanitize: (html: string) => string;
  /** The server's clock: what the schedule marks "Now" (the browser takes the page over with it). */
  now: number;
}

/**
 * The page at `url` (a path with its query) as HTML for inside #root, or undefined when the page
 * is not one the server draws.
 */
export async function renderFirstView(url: string, options: RenderOptions): Promise<string | undefined> {
  const { pathname, search } = new URL(url, 'http://localhost');
  const reads = firstView(pathname, search)?.reads;
  if (!reads) return undefined;
  setSanitizerWithoutDom(options.sanitize);
  const client = createQueryClient();
  seedFirstView(client, reads, options.answers);
  const router = createMemoryRouter(routes, { initialEntries: [pathname + search] });
  // A part that fails on the server would be left to the browser inside a finished page; the
  // server sends no half-drawn page instead, and the browser draws all of it.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders client={client}>
        <DrawnAt value={options.now}>
          <RouterProvider router={router} />
        </DrawnAt>
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // One piece of HTML with no script: React would otherwise send a long page's content apart
      // from its place, with an inline script (which the CSP forbids) to move it there.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  client.clear();
  if (errors.length > 0) throw errors[0];
  // Nothing here may need a script to show (the page's CSP runs none written into it).
  if (html.includes('<script')) throw new Error(`The first view of ${url} came out with a script`);
  return html;
}
