/**
 * The server's drawing of a page's first view (docs/decisions/0048): the web app's own routes and
 * components, drawn to HTML from the reads the server made for it. Built by Vite into
 * dist/ssr/entry-server.js (`npm run build:ssr`), which the server loads at start; the server
 * never imports web/ itself. What crosses between the two is contract/first-view.ts.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { PagePlan, RenderOptions, ServerEntry } from '../contract/first-view';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { pageOf as pageIn } from './app/first-view';
import { seedFirstView } from './app/seed-first-view';
import { RichTextSanitizer } from './components/rich-text/safe-html';
import { DrawnAt } from './lib/drawn-at';

/** The page at `pathname` with `search`, from the route table (web/app/router.tsx). */
export function pageOf(pathname: string, search: string, festivalSlug: string): PagePlan | undefined {
  return pageIn(routes, pathname, search, festivalSlug);
}

/**
 * The page at `url` (a path with its query) as HTML for inside #root, or undefined when the page
 * is not one the server draws.
 */
export async function renderFirstView(url: string, options: RenderOptions): Promise<string | undefined> {
  const { pathname, search } = new URL(url, 'http://localhost');
  // The festival's own page is never drawn: its slug does not matter here.
  const reads = pageOf(pathname, search, '')?.drawn?.reads;
  if (!reads) return undefined;
  const client = createQueryClient();
  seedFirstView(client, reads, options.answers);
  const router = createMemoryRouter(routes, { initialEntries: [pathname + search] });
  // A part that fails on the server would be left to the browser inside a finished page; the
  // server sends no half-drawn page instead, and the browser draws all of it.
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders client={client}>
        <RichTextSanitizer.Provider value={options.sanitize}>
          <DrawnAt value={options.now}>
            <RouterProvider router={router} />
          </DrawnAt>
        </RichTextSanitizer.Provider>
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

// The exports above are the seam's shape: a change to one is a type error here, not a page that
// silently stops being drawn.
export const entry: ServerEntry = { pageOf, renderFirstView };
