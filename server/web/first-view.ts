import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  PagePlanSchema,
  type DrawnRead,
  type PageFetch,
  type PagePlan,
  type ServerEntry,
} from '../../contract/first-view.js';
import { cleanStoredRichText } from '../lib/rich-text.js';

/**
 * A page's first view drawn on the server (docs/decisions/0048): the web app's build for the
 * server (dist/ssr/entry-server.js, from web/entry-server.tsx) draws the act and venue lists and
 * pages from the same public reads the browser makes, so a phone on a poor signal shows them
 * before the app's code has arrived.
 */
export interface FirstView {
  /** The HTML that goes inside #root. */
  html: string;
  /** The page's screen module, as the build's manifest names it: the code the page loads. */
  screen: string;
  /**
   * The reads it was drawn from (GET paths, and the app's query keys for them), which the browser
   * makes again to take it over.
   */
  reads: DrawnRead[];
  /** What its screen asks for once it has taken the page over, not drawn from (contract/first-view.ts). */
  fetches?: PageFetch[];
  /** When it was drawn (ms): the schedule's "Now" is this moment's, and the browser takes it over at it. */
  drawnAt: number;
}

/** A public GET of this server's own API: its status, and its JSON body when asked for. */
export type ReadApi = (path: string) => Promise<{ status: number; body: () => unknown }>;

export interface FirstViews {
  /**
   * The page `url` (a path with its query) shows, from the web app's route table: its screen, and
   * for a page the server draws, its reads and its address (every URL with the same address is
   * the same page). Undefined for a path no route has a screen for.
   */
  page(url: string): PagePlan | undefined;
  /**
   * The first view of `page` at `now` (ms): drawn, not drawn (a page the server does not draw, or
   * whose data is missing: the browser shows its own message), or failed (a read or the drawing
   * failed: the browser draws it, and the failure is not kept).
   */
  draw(page: PagePlan, read: ReadApi, now: number): Promise<{ view?: FirstView; failed: boolean }>;
}

/**
 * Loads the server build of the web app, or returns undefined when there is none (a build without
 * it, the API tests): pages are then drawn by the browser alone, as before. What it answers is
 * checked against the contract (contract/first-view.ts). Drawings are kept by the caller
 * (server/web/serve-app.ts), as final bytes found by the database's counters.
 */
export async function loadFirstViews(
  entryPath: string,
  festivalSlug: string,
  log: (error: unknown) => void,
): Promise<FirstViews | undefined> {
  if (!existsSync(entryPath)) return undefined;
  const entry = (await import(pathToFileURL(entryPath).href)) as Partial<ServerEntry>;
  const { pageOf, renderFirstView } = entry;
  if (typeof pageOf !== 'function' || typeof renderFirstView !== 'function')
    throw new Error(`${entryPath} does not export pageOf and renderFirstView (contract/first-view.ts)`);
  return {
    page(url) {
      const { pathname, search } = new URL(url, 'http://localhost');
      const answer = pageOf(pathname, search, festivalSlug);
      if (answer === undefined) return undefined;
      const parsed = PagePlanSchema.safeParse(answer);
      if (parsed.success) return parsed.data;
      // A page the web app describes wrongly is left to the browser, and the fault is logged.
      log(new Error(`The web app's plan of ${pathname} does not fit contract/first-view.ts: ${parsed.error.message}`));
      return undefined;
    },
    async draw(page, read, now) {
      if (!page.drawn) return { failed: false };
      const { reads, address, fetches } = page.drawn;
      try {
        const answers = await Promise.all(reads.map((r) => read(r.path)));
        // A page whose data is missing (an unknown act) is left to the browser, which shows its own
        // message for it; one whose read failed too, but that is not kept.
        if (answers.some((a) => a.status !== 200)) return { failed: answers.some((a) => a.status >= 500) };
        const html = await renderFirstView(address, {
          answers: answers.map((a) => a.body()),
          sanitize: cleanStoredRichText,
          now,
        });
        if (html === undefined) return { failed: false };
        return { view: { html, screen: page.screen, reads, fetches, drawnAt: now }, failed: false };
      } catch (error) {
        // A drawing that fails costs the visitor nothing but speed: the browser draws the page.
        log(error);
        return { failed: true };
      }
    },
  };
}
