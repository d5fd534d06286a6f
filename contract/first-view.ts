import { z } from 'zod';

/**
 * The seam between the server and the web app's drawing of a page (docs/decisions/0048, 0058): one
 * place for what crosses it. The server build of the web app (web/entry-server.tsx) tells the
 * server which screen a page is and which public reads it is drawn from; the server checks that
 * answer against these schemas (server/web/first-view.ts) and writes the start plan into the page
 * (#app-start), which web/start-app.ts and web/main.tsx read with these types. The browser does not
 * parse it with zod: the plan is this server's own, checked before it was written, and zod is not
 * part of a phone's first load (docs/decisions/0040).
 */

/**
 * A public GET of the API, exactly as a screen asks for it: what a drawn page is drawn from, or
 * what its screen fetches as soon as the app has taken the page over without the page being drawn
 * from it (My day's schedule: the favourites it picks from it are on the device).
 */
export const PageFetchSchema = z.templateLiteral(['/v1/', z.string()]);
export type PageFetch = z.infer<typeof PageFetchSchema>;

/** One public read a drawn page comes from: its GET, and the query key its screen reads it through. */
export const DrawnReadSchema = z.object({
  /** The query the screen reads it through (TanStack Query's key). */
  key: z.array(z.unknown()).readonly(),
  /** The GET, exactly as the screen asks for it. */
  path: PageFetchSchema,
  /** The first page of a list that pages ("Show more"): kept as an infinite query's first page. */
  paged: z.boolean().optional(),
});
export type DrawnRead = z.infer<typeof DrawnReadSchema>;

/** What a page is, as the route table says (web/app/router.tsx): its screen, and how it is drawn if it is. */
export const PagePlanSchema = z.object({
  /** The screen's module, relative to web/ (as the build's manifest names it): its code and style. */
  screen: z.string().min(1),
  /** For a page the server draws: the reads it is drawn from, and its address. */
  drawn: z
    .object({
      reads: z.array(DrawnReadSchema).min(1),
      /**
       * The page's address with only the query parameters its screen reads, in one order: what
       * makes it a different page (a shared link's `?utm_source=` is not part of it, 0051).
       */
      address: z.string().startsWith('/'),
      /** GETs its screen makes once it is taken over: fetched with the app's code (web/start-app.ts). */
      fetches: z.array(PageFetchSchema).optional(),
    })
    .optional(),
});
export type PagePlan = z.infer<typeof PagePlanSchema>;

/** The start plan a drawn page carries (#app-start): the app's code to fetch, and the reads to take it over with. */
export const StartPlanSchema = z.object({
  /** The app's entry script. */
  entry: z.string(),
  /** Modules the entry and the page's screen import, fetched alongside it. */
  modules: z.array(z.string()),
  reads: z.array(DrawnReadSchema),
  /** What the screen asks for once it has taken the page over: fetched alongside the reads. */
  fetches: z.array(PageFetchSchema).optional(),
});
export type StartPlan = z.infer<typeof StartPlanSchema>;

/** How the server asks for a drawing. */
export interface RenderOptions {
  /** The reads the page's plan names, answered in the same order. */
  answers: readonly unknown[];
  /** Cleans stored rich text where there is no DOM for DOMPurify (the server's sanitizer). */
  sanitize: (html: string) => string;
  /** The server's clock: what the schedule marks "Now" (the browser takes the page over with it). */
  now: number;
}

/** What the server build of the web app exports (web/entry-server.tsx, built to dist/ssr/). */
export interface ServerEntry {
  /**
   * The page at `pathname` with `search`, from the route table (the festival's slug names its own
   * page, /{product}); undefined for no screen of the app.
   */
  pageOf(pathname: string, search: string, festivalSlug: string): unknown;
  /** The page at `url` (path and query) drawn as HTML for inside #root, or undefined when it is not drawn. */
  renderFirstView(url: string, options: RenderOptions): Promise<string | undefined>;
}
