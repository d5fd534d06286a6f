/**
 * What the announcement banner needs on every page, without zod (contract/choices.ts does the same
 * for genres): the levels, their labels and the web-link check. contract/announcements.ts builds
 * the schemas from these.
 */

export const ANNOUNCEMENT_LEVELS = ['info', 'warning'] as const;
export type AnnouncementLevel = (typeof ANNOUNCEMENT_LEVELS)[number];
export const AnnouncementLevelLabels: Record<AnnouncementLevel, string> = { info: 'Information', warning: 'Warning' };

/** Only web addresses: a javascript: or data: link must never reach a banner everyone sees. */
export function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
