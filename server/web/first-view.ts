import { createHash } from 'node:crypto';
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

/** A public GET of this server's own API: its status, its ETag, and its JSON body when asked for. */
export type ReadApi = (path: string) => Promise<{ status: number; etag: string | undefined; body: () => unknown }>;

export interface FirstViews {
  /**
   * The first view of `url` (a path with its query) at `now` (ms), or undefined when the server does
   * not draw it.
   */
  draw(url: string, read: ReadApi, now: number): Promise<FirstView | undefined>;
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

/** A read's version from its content, for a read that has no ETag. */
const contentVersion = (body: unknown) => `#${createHash('sha256').update(JSON.stringify(body)).digest('base64url')}`;

/** Drawn pages kept, by address and the versions of what they were drawn from. */
const KEPT_PAGES = 500;

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
  // On festival day many people open the same few pages: a page is drawn once per version of what
  // it shows (the reads' ETags change with any edit, decisions 0007 and 0014), then sent as drawn.
  const kept = new Map<string, FirstView>();
  return {
    async draw(url, read, now) {
      const { pathname, search } = new URL(url, 'http://localhost');
      const page = entry.firstView(pathname, search);
      if (!page) return undefined;
      const { screen, reads } = page;
      // The page as its screen reads it: a parameter it does not read (a shared link's
      // ?utm_source= or ?fbclid=) neither makes it another page nor asks for another drawing, and
      // the page is drawn from that address, so every address it stands for gets the same drawing.
      const address = page.address ?? url;
      // A page whose data is missing (an unknown act) or failing is left to the browser, which
      // shows its own message for it.
      let answers: Awaited<ReturnType<ReadApi>>[];
      try {
        answers = await Promise.all(reads.map((r) => read(r.path)));
      } catch (error) {
        log(error);
        return undefined;
      }
      if (answers.some((a) => a.status !== 200)) return undefined;
      // And once a minute at most: the schedule shows what plays now.
      // A read without an ETag (an act's or a venue's own) is versioned by its content, so its page
      // is kept too: a shared act page is what a junk parameter most often comes with.
      let versions: string[];
      try {
        versions = answers.map((a) => a.etag ?? contentVersion(a.body()));
      } catch (error) {
        log(error);
        return undefined;
      }
      const minute = Math.floor(now / 60_000);
      const key = [address, minute, ...versions].join('\n');
      const known = kept.get(key);
      if (known) return known;
      try {
        const html = await entry.renderFirstView(address, {
          answers: answers.map((a) => a.body()),
          sanitize: cleanStoredRichText,
          now,
        });
        if (html === undefined) return undefined;
        const view = { html, screen, reads, drawnAt: now };
        // The oldest drawing goes first when the shelf is full.
        if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value!);
        kept.set(key, view);
        return view;
      } catch (error) {
        // A drawing that fails costs the visitor nothing but speed: the browser draws the page.
        log(error);
        return undefined;
      }
    },
  };
}
