import { z } from './zod.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time as HH:MM');
const link = z.string().url('must be a URL');
const sitePath = z.string().regex(/^(\/|https?:\/\/)/, 'must be a site path or URL');

const TimeRangeSchema = z
  .object({ date: isoDate, start: clockTime, end: clockTime })
  .refine((r) => r.start < r.end, { message: 'end must be after start', path: ['end'] });

/** One slide of the home page's carousel: an image of our own and what it shows, for people who cannot see it. */
export const CarouselImageSchema = z.object({
  src: sitePath,
  alt: z.string().min(1, 'every carousel image needs an alt text'),
});

export const SlotConfigSchema = z.object({
  name: z.string().min(1),
  start: clockTime,
  end: clockTime,
  setup: clockTime,
});

/** One edition of the festival. Next year's edition is a change to festival.config.json only. */
export const FestivalConfigSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens'),
  year: z.number().int().min(2000).max(2200),
  timezone: z.string().min(1),
  event: TimeRangeSchema,
  rain_date: TimeRangeSchema,
  key_dates: z.array(z.object({ label: z.string().min(1), date: isoDate })).min(1),
  // The product has four slots (spec 9); the server's slot columns depend on it.
  slots: z.array(SlotConfigSchema).length(4),
  sponsors: z.array(z.object({ name: z.string().min(1), url: link, logo: sitePath })),
  committee: z.array(z.object({ name: z.string().min(1), role: z.string().min(1) })),
  social_links: z.array(z.object({ name: z.string().min(1), url: link })),
  hashtag: z.string().min(1),
  committee_email: z.string().email('must be an e-mail address'),
  contact_categories: z.array(z.object({ value: z.string().min(1), name: z.string().min(1) })).min(1),
  map_search_url: link,
  /** One line under the festival's name on the home page and in link previews. */
  tagline: z.string().min(1),
  // Spec 9: six band photos.
  carousel: z.array(CarouselImageSchema).length(6),
});
export type FestivalConfig = z.infer<typeof FestivalConfigSchema>;
export type SlotConfig = z.infer<typeof SlotConfigSchema>;
export type CarouselImage = z.infer<typeof CarouselImageSchema>;
