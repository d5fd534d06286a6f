/**
 * docs/behaviour.md#constants-and-limits: the most items one page of a list answers. Without zod
 * (contract/choices.ts says why): every list screen asks for pages of it. contract/lists.ts has
 * the schemas.
 */
export const MAX_PAGE_SIZE = 100;
