import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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
  /** When it was drawn (ms): the schedule's "Now" is this moment's, and the browser takes it over at it. */
  drawnAt: number;
}

/** A public GET of this server's own API: its status, and its JSON body when asked for. */
export type ReadApi = (path: string) => Promise<{ status: number; body: () => unknown }>;

export interface FirstViews {
  /**
   * The address of the page `url` shows (a path with the query parameters its screen reads), or
   * undefined when the server does not draw it: every URL with the same address is the same page.
   */
  address(url: string): string | undefined;
  /**
   * The first view of `url` (a path with its query) at `now` (ms): drawn, not drawn (a page the
   * server does not draw, or whose data is missing: the browser shows its own message), or failed
   * (a read or the drawing failed: the browser draws it, and the failure is not kept).
   */
  draw(url: string, read: ReadApi, now: number): Promise<{ view?: FirstView; failed: boolean }>;
}

/** A read as web/app/first-view.ts names it. */
export interface DrawnRead {
  key: unknown[];
  path: string;
  paged?: boolean;
}

/** What web/entry-server.tsx exports. */
interface ServerEntry {
  firstView(pathname: string, search: string): { screen: string; reads: DrawnRead[]; address?: string } | undefined;
  renderFirstView(
    url: string,
    options: { answers: readonly unknown[]; sanitize: (html: string) => string; now: number },
  ): Promise<string | undefined>;
}

/**
 * Loads the server build of the web app, or returns undefined when there is none (a build without
 * it, the API tests): pages are then drawn by the browser alone, as before. Drawings are kept by
 * the caller (server/web/serve-app.ts), as final bytes found by the database's counters.
 */
export async function loadFirstViews(
  entryPath: string,
  log: (error: unknown) => void,
): Promise<FirstViews | undefined> {
  if (!existsSync(entryPath)) return undefined;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  const pageOf = (url: string) => {
    const { pathname, search } = new URL(url, 'http://localhost');
    return entry.firstView(pathname, search);
  };
  return {
    // The page as its screen reads it: a parameter it does not read (a shared link's
    // ?utm_source= or ?fbclid=) neither makes it another page nor asks for another drawing, and
    // the page is drawn from that address, so every address it stands for gets the same drawing.
    address: (url) => {
      const page = pageOf(url);
      return page && (page.address ?? url);
    },
    async draw(url, read, now) {
      const page = pageOf(url);
      if (!page) return { failed: false };
      const { screen, reads } = page;
      const address = page.address ?? url;
      try {
        const answers = await Promise.all(reads.map((r) => read(r.path)));
        // A page whose data is missing (an unknown act) is left to the browser, which shows its own
        // message for it; one whose read failed too, but that is not kept.
        if (answers.some((a) => a.status !== 200)) return { failed: answers.some((a) => a.status >= 500) };
        const html = await entry.renderFirstView(address, {
          answers: answers.map((a) => a.body()),
          sanitize: cleanStoredRichText,
          now,
        });
        if (html === undefined) return { failed: false };
        return { view: { html, screen, reads, drawnAt: now }, failed: false };
      } catch (error) {
        // A drawing that fails costs the visitor nothing but speed: the browser draws the page.
        log(error);
        return { failed: true };
      }
    },
  };
}
