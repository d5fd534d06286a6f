import { z } from './zod.js';
import { Genres, SlotDefSchema } from './enums.js';
import { pinAndAmenityFields } from './venues.js';

/** docs/behaviour.md#schedule: one filled slot of the public schedule. */
export const ScheduleCellSchema = z.object({
  act_id: z.number().int(),
  act_name: z.string(),
  act_description: z.string(),
  act_genre: Genres.schema,
});
export type ScheduleCell = z.infer<typeof ScheduleCellSchema>;

/** docs/behaviour.md#schedule: one venue's row of the schedule; an empty slot is null. */
export const ScheduleEntrySchema = z.object({
  id: z.number().int(),
  address: z.string(),
  address_url: z.string(),
  /** The venue's pin and amenities, so the map and the amenity filters need no second request. */
  ...pinAndAmenityFields(),
  slot_1: ScheduleCellSchema.nullable(),
  slot_2: ScheduleCellSchema.nullable(),
  slot_3: ScheduleCellSchema.nullable(),
  slot_4: ScheduleCellSchema.nullable(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

/**
 * Before the release time, `release` says when the schedule will be published: an anonymous
 * visitor gets no sets, a host or performer only the rows with their own bookings, an admin all.
 */
export const ScheduleReleaseSchema = z.object({ at: z.string(), released: z.boolean() });
export const ScheduleResponseSchema = z.object({
  data: z.array(ScheduleEntrySchema),
  release: ScheduleReleaseSchema.optional(),
});
export type ScheduleResponse = z.infer<typeof ScheduleResponseSchema>;

/**
 * GET /v1/acts/unmatched: one choice of the slots screen, an act free at that slot time. Only
 * what the choice shows: the full act (bio, creator...) would make four lists of every act on
 * one screen, up to megabytes on a phone.
 */
export const UnmatchedActSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: Genres.schema,
  preferred_slots: z.array(SlotDefSchema),
});
export type UnmatchedAct = z.infer<typeof UnmatchedActSchema>;

export const UnmatchedActsResponseSchema = z.object({ data: z.array(UnmatchedActSchema), total: z.number().int() });
export type UnmatchedActsResponse = z.infer<typeof UnmatchedActsResponseSchema>;

/**
 * GET /v1/schedule.ics and GET /v1/acts/{id}/calendar.ics: an iCalendar (RFC 5545) file, served as
 * text/calendar (docs/decisions/0016). Described here so the OpenAPI document lists the response.
 */
export const CalendarResponseSchema = z.string().describe('text/calendar; charset=utf-8');
