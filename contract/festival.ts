import { MONTHS } from './calendar-names.js';
import { z } from './zod.js';
import { insideBounds } from './places.js';

/**
 * Why a YYYY-MM-DD date is not one of the calendar's, or null when it is: `2025-02-30` would read
 * "February 30" on the pages while the calendars put it on 2 March (issue 27).
 */
export function calendarDateProblem(date: string): string | null {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12) return `${date} is not a date: there is no month ${month}`;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) return `${date} is not a date: ${MONTHS[month - 1]} ${year} has ${days} days`;
  return null;
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .superRefine((date, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    const problem = calendarDateProblem(date);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Whether the name is an IANA time zone this runtime knows ("America/New_York", "Europe/Berlin",
 * "UTC"): not an offset ("+02:00") or an abbreviation ("EST"), which Intl may accept but which do
 * not follow the zone's daylight saving time.
 */
export function isIanaTimeZone(name: string): boolean {
  if (!/^(UTC|GMT|[A-Za-z][A-Za-z_-]+(\/[A-Za-z0-9_+-]+)+)$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
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

export const SlotConfigSchema = z
  .object({
    name: z.string().min(1),
    start: clockTime,
    end: clockTime,
    setup: clockTime,
  })
  .refine((s) => s.start < s.end, { message: 'end must be after start', path: ['end'] })
  .refine((s) => s.setup <= s.start, { message: 'setup must be at or before start', path: ['setup'] });

const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

/** A point as [latitude, longitude], the order Leaflet takes. */
const LatLngSchema = z.tuple([latitude, longitude]);

export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

/**
 * The porch map (docs/decisions/0024-porch-map-and-amenities.md): where it opens, and the box a
 * venue's pin must fall in (the server refuses coordinates outside it). Tiles are raster images
 * from a URL template; OpenStreetMap's standard tiles, with the attribution their licence asks
 * for, unless the festival names others.
 */
export const MapConfigSchema = z
  .object({
    center: LatLngSchema,
    zoom: z.number().int().min(1).max(19),
    /** [[south, west], [north, east]]. */
    bounds: z.tuple([LatLngSchema, LatLngSchema]),
    tile_url: z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL template with {z}, {x} and {y}')
      .default(DEFAULT_TILE_URL),
    tile_attribution: z.string().min(1).default(DEFAULT_TILE_ATTRIBUTION),
  })
  .refine((m) => m.bounds[0][0] < m.bounds[1][0] && m.bounds[0][1] < m.bounds[1][1], {
    message: 'bounds must be [[south, west], [north, east]]',
    path: ['bounds'],
  })
  .refine((m) => insideBounds(m.bounds, m.center[0], m.center[1]), {
    message: 'center must be inside bounds',
    path: ['center'],
  });
export type MapConfig = z.infer<typeof MapConfigSchema>;

/**
 * Matchmaking's rules and weights (docs/decisions/0049-matchmaking.md, docs/behaviour.md#matchmaking):
 * a festival tunes them here without code. Every field has a default, so the section is optional.
 */
export const MatchingConfigSchema = z
  .object({
    /** Two amplified acts never play one slot at porches closer than this (metres), when both have pins. */
    earshot_m: z.number().min(0).max(5000).default(80),
    /** Two acts of one performer account in consecutive slots play at most this far apart (metres). */
    max_walk_m: z.number().min(0).max(50_000).default(600),
    /** How many suggestions a venue slot or an act shows at most. */
    suggestions: z.number().int().min(1).max(100).default(10),
    /** Points of each soft reason; a suggestion's score is the sum of its reasons' points. */
    weights: z
      .object({
        /** The act's genre is one the porch asked for (or the porch takes every genre). */
        genre: z.number().min(0).max(100).default(3),
        /** The act's size is exactly the porch's preferred size. */
        size: z.number().min(0).max(100).default(1),
        /** Both can play on the rain date. */
        rain: z.number().min(0).max(100).default(1),
        /** The host and the act's owner have written to each other through the app. */
        contact: z.number().min(0).max(100).default(2),
        /** The act's preferred-venue text names the porch's street. */
        street: z.number().min(0).max(100).default(2),
        /** The act has no porch yet: spreads the festival over more acts. */
        unplaced: z.number().min(0).max(100).default(1),
      })
      .prefault({}),
    /** The committee's draft schedule: how long the solver may search (seconds). */
    solver_time_limit_s: z.number().min(1).max(600).default(60),
  })
  .prefault({});
export type MatchingConfig = z.infer<typeof MatchingConfigSchema>;

/**
 * The fields of one edition, each checked on its own; FestivalConfigSchema adds the checks across
 * fields. GET /v1/festival's response extends these (a schema with checks across fields cannot be
 * extended, and an answer need not re-check what the start already did).
 */
export const FestivalConfigFieldsSchema = z.object({
  name: z.string().min(1),
  slug: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and hyphens'),
  year: z.number().int().min(2000).max(2200),
  timezone: z.string().min(1),
  event: TimeRangeSchema,
  rain_date: TimeRangeSchema,
  key_dates: z.array(z.object({ label: z.string().min(1), date: isoDate })).min(1),
  // The product has four slots (docs/behaviour.md#constants-and-limits); the server's slot columns
  // depend on it.
  slots: z.array(SlotConfigSchema).length(4),
  sponsors: z.array(z.object({ name: z.string().min(1), url: link, logo: sitePath })),
  committee: z.array(z.object({ name: z.string().min(1), role: z.string().min(1) })),
  social_links: z.array(z.object({ name: z.string().min(1), url: link })),
  hashtag: z.string().min(1),
  committee_email: z.string().email('must be an e-mail address'),
  contact_categories: z.array(z.object({ value: z.string().min(1), name: z.string().min(1) })).min(1),
  map_search_url: link,
  /**
   * The festival's town as a map or calendar finds it ("Ithaca, NY"): added to a venue's address
   * in its directions link when it has no pin, and in the calendar files' LOCATION. Optional: the
   * addresses are then used as the hosts wrote them.
   */
  town: z.string().trim().min(1).max(100).optional(),
  /** One line under the festival's name on the home page and in link previews. */
  tagline: z.string().min(1),
  // docs/behaviour.md#constants-and-limits: six band photos.
  carousel: z.array(CarouselImageSchema).length(6),
  /**
   * The picture of a link preview for a page without one of its own (an act's or venue's bio
   * has no picture, a static page); absolute from PUBLIC_URL. Optional: the default is ours,
   * drawn by scripts/draw-icons.ts (contract/page-previews.ts).
   */
  preview_image: CarouselImageSchema.optional(),
  /**
   * When the public schedule appears, as a wall time in the festival's zone; admins can move it
   * from the desk (docs/decisions/0020-committee-desk.md). Without it the schedule is public at once.
   */
  schedule_release: z.object({ date: isoDate, time: clockTime }).optional(),
  /** Without it there is no porch map, and pins are only checked to be on the globe. */
  map: MapConfigSchema.optional(),
  matching: MatchingConfigSchema,
});

/**
 * One edition of the festival. Next year's edition is a change to festival.config.json only. The
 * start refuses a configuration that cannot be (issue 27): a date not in the calendar, a time zone
 * that is not one, a slot that ends before it starts, slots out of order or overlapping, or a slot
 * outside the event's hours (its setup may be earlier).
 */
export const FestivalConfigSchema = FestivalConfigFieldsSchema.superRefine((config, ctx) => {
  if (!isIanaTimeZone(config.timezone))
    ctx.addIssue({
      code: 'custom',
      path: ['timezone'],
      message: `${JSON.stringify(config.timezone)} is not an IANA time zone such as America/New_York`,
    });
  config.slots.forEach((slot, i) => {
    const previous = config.slots[i - 1];
    if (previous && slot.start < previous.end)
      ctx.addIssue({
        code: 'custom',
        path: ['slots', i, 'start'],
        message: `${slot.name} starts at ${slot.start}, before ${previous.name} ends (${previous.end}): slots must be in order and not overlap`,
      });
    if (slot.start < config.event.start || slot.end > config.event.end)
      ctx.addIssue({
        code: 'custom',
        path: ['slots', i],
        message: `${slot.name} (${slot.start}-${slot.end}) must be within the event's hours (${config.event.start}-${config.event.end})`,
      });
  });
});
export type FestivalConfig = z.infer<typeof FestivalConfigSchema>;
export type SlotConfig = z.infer<typeof SlotConfigSchema>;
export type CarouselImage = z.infer<typeof CarouselImageSchema>;

/**
 * GET /v1/festival: the configuration plus the committee's switches, read from the database on
 * every request so every app process answers the same.
 */
export const FestivalResponseSchema = FestivalConfigFieldsSchema.extend({
  rain_date_active: z.boolean(),
  /** The effective release time of the public schedule (ISO 8601), or null when it is public at once. */
  schedule_release_at: z.string().nullable(),
  /**
   * The festival's zone over its days, from the server, so a phone reads festival time without
   * building an `Intl` formatter (contract/festival-time.ts, `ZoneTable`).
   */
  zone_table: z.object({
    time_zone: z.string(),
    from: z.number().int(),
    until: z.number().int(),
    spans: z.array(z.object({ from: z.number().int(), offset_minutes: z.number().int(), abbreviation: z.string() })),
  }),
});
export type FestivalResponse = z.infer<typeof FestivalResponseSchema>;
