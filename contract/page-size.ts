/**
 * docs/behaviour.md#constants-and-limits: the most items one page of a list answers. Without zod
 * (contract/choices.ts says why): every list screen asks for pages of it. contract/lists.ts has
 * the schemas.
 */
export const MAX_PAGE_SIZE = 100;

/**
 * docs/behaviour.md#constants-and-limits: every list asks for the first 100, with the total, newest
 * update first. In this order: the web app writes a list's query string from it, and the server
 * names the same address in a list page's HTML so the browser fetches it while the app loads
 * (server/web/page-shells.ts).
 */
export const FIRST_PAGE = {
  offset: 0,
  limit: MAX_PAGE_SIZE,
  include_total: true,
  order_by: '-updated_time',
} as const;
