import { z } from './zod.js';
import { Genres, SlotDefSchema } from './enums.js';

/** Spec 3: one filled slot of the public schedule. */
export const ScheduleCellSchema = z.object({
  act_id: z.number().int(),
  act_name: z.string(),
  act_description: z.string(),
  act_genre: Genres.schema,
});
export type ScheduleCell = z.infer<typeof ScheduleCellSchema>;

/** Spec 3: one venue's row of the schedule; an empty slot is null. */
export const ScheduleEntrySchema = z.object({
  id: z.number().int(),
  address: z.string(),
  address_url: z.string(),
  slot_1: ScheduleCellSchema.nullable(),
  slot_2: ScheduleCellSchema.nullable(),
  slot_3: ScheduleCellSchema.nullable(),
  slot_4: ScheduleCellSchema.nullable(),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

export const ScheduleResponseSchema = z.object({ data: z.array(ScheduleEntrySchema) });
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
