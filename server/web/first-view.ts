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
  /** The reads it was drawn from (GET paths), which the browser makes again to take it over. */
  reads: string[];
}

/** A public GET of this server's own API: its status and parsed JSON body. */
export type ReadApi = (path: string) => Promise<{ status: number; body: unknown }>;

export interface FirstViews {
  /** The first view of `url` (a path with its query), or undefined when the server does not draw it. */
  draw(url: string, read: ReadApi): Promise<FirstView | undefined>;
}

/** What web/entry-server.tsx exports. */
interface ServerEntry {
  firstViewReads(pathname: string, search: string): Array<{ path: string }> | undefined;
  renderFirstView(
    url: string,
    options: { answers: readonly unknown[]; sanitize: (html: string) => string },
  ): Promise<string | undefined>;
}

/**
 * Loads the server build of the web app, or returns undefined when there is none (a build without
 * it, the API tests): pages are then drawn by the browser alone, as before.
 */
export async function loadFirstViews(
  entryPath: string,
  log: (error: unknown) => void,
): Promise<FirstViews | undefined> {
  if (!existsSync(entryPath)) return undefined;
  const entry = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
  return {
    async draw(url, read) {
      const { pathname, search } = new URL(url, 'http://localhost');
      const reads = entry.firstViewReads(pathname, search);
      if (!reads) return undefined;
      const answers = await Promise.all(reads.map((r) => read(r.path)));
      // A page whose data is missing (an unknown act) or failing is left to the browser, which
      // shows its own message for it.
      if (answers.some((a) => a.status !== 200)) return undefined;
      try {
        const html = await entry.renderFirstView(url, {
          answers: answers.map((a) => a.body),
          sanitize: cleanStoredRichText,
        });
        return html === undefined ? undefined : { html, reads: reads.map((r) => r.path) };
      } catch (error) {
        // A drawing that fails costs the visitor nothing but speed: the browser draws the page.
        log(error);
        return undefined;
      }
    },
  };
}
