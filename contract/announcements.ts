import { z } from './zod.js';
import { asCleanText, visibleText } from './text.js';
import { pagingFields } from './lists.js';
import {
  ANNOUNCEMENT_LEVELS,
  AnnouncementLevelLabels,
  isWebLink,
  type AnnouncementLevel,
} from './announcement-levels.js';

/**
 * Announcements (docs/decisions/0029-announcements.md): a short plain text, an optional web
 * link, a start and an end, and a level. Admins post and delete them on the desk; everyone sees
 * the ones in force as a banner on every page.
 */

export { ANNOUNCEMENT_LEVELS, AnnouncementLevelLabels, isWebLink, type AnnouncementLevel };
export const AnnouncementLevelSchema = z.enum(ANNOUNCEMENT_LEVELS, { error: 'Must be one of info, warning' });

export const ANNOUNCEMENT_TEXT_MAX = 280;
export const ANNOUNCEMENT_LINK_MAX = 500;

export const AnnouncementMessages = {
  textRequired: 'Text is required',
  link: 'Must be a web address starting with http:// or https://',
  endsBeforeStart: 'Must be after the start',
  notFound: 'Announcement not found',
} as const;

const When = (example: string) =>
  z.iso.datetime({ offset: true, error: `Must be a date and time with its offset, such as ${example}` });

/** POST /v1/admin/announcements */
export const AnnouncementInputSchema = z
  .object({
    text: visibleText({ max: ANNOUNCEMENT_TEXT_MAX, required: AnnouncementMessages.textRequired }),
    /** An empty field means no link. */
    link_url: z.preprocess(
      (v) => (v === undefined || v === null ? null : asCleanText(v).trim() || null),
      z
        .string()
        .max(ANNOUNCEMENT_LINK_MAX, `Must be at most ${ANNOUNCEMENT_LINK_MAX} characters`)
        .refine(isWebLink, AnnouncementMessages.link)
        .nullable(),
    ),
    level: AnnouncementLevelSchema,
    starts_at: When('2025-06-13T18:00:00-04:00'),
    ends_at: When('2025-06-14T18:00:00-04:00'),
  })
  .superRefine((input, ctx) => {
    if (Date.parse(input.ends_at) <= Date.parse(input.starts_at))
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: AnnouncementMessages.endsBeforeStart });
  });
export type AnnouncementInput = z.input<typeof AnnouncementInputSchema>;

/** One announcement as everyone sees it. */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  link_url: z.string().nullable(),
  level: AnnouncementLevelSchema,
  starts_at: z.string(),
  ends_at: z.string(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** GET /v1/announcements: the announcements in force now, newest start first. */
export const AnnouncementsResponseSchema = z.object({
  data: z.array(AnnouncementSchema),
  total: z.number().int(),
});
export type AnnouncementsResponse = z.infer<typeof AnnouncementsResponseSchema>;

/** How many announcements the public banner shows at most. */
export const ANNOUNCEMENTS_SHOWN = 5;

/** One announcement as the desk lists it: who posted it, and whether it shows now. */
export const DeskAnnouncementSchema = AnnouncementSchema.extend({
  source: z.enum(['desk', 'rain_date']),
  status: z.enum(['scheduled', 'showing', 'ended']),
  created_at: z.string(),
});
export type DeskAnnouncement = z.infer<typeof DeskAnnouncementSchema>;

export const DeskAnnouncementsQuerySchema = z.object({
  ...pagingFields(25),
});

/** GET /v1/admin/announcements: every announcement, the latest start first. */
export const DeskAnnouncementsResponseSchema = z.object({
  data: z.array(DeskAnnouncementSchema),
  total: z.number().int(),
});
export type DeskAnnouncementsResponse = z.infer<typeof DeskAnnouncementsResponseSchema>;
