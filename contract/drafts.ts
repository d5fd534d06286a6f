import { SlotDefSchema } from './enums.js';
import { FitNoteSchema } from './matching.js';
import { z } from './zod.js';

/**
 * The committee's draft schedule (docs/decisions/0050-draft-schedule.md): a solver places every act
 * it can under the fit model's rules, for the festival or the rain day, and the committee reviews
 * the changes before any of them is applied.
 */
export const DraftDaySchema = z.enum(['festival', 'rain'], { error: 'Must be festival or rain' });
export type DraftDay = z.infer<typeof DraftDaySchema>;
export const DraftKeepSchema = z.enum(['scheduled', 'none'], { error: 'Must be scheduled or none' });
export type DraftKeep = z.infer<typeof DraftKeepSchema>;

/** POST /v1/admin/schedule-drafts. */
export const CreateDraftInputSchema = z.object({
  day: DraftDaySchema,
  keep: DraftKeepSchema,
});
export type CreateDraftInput = z.infer<typeof CreateDraftInputSchema>;

export const DraftStatusSchema = z.enum(['solving', 'done', 'failed']);
export type DraftStatus = z.infer<typeof DraftStatusSchema>;

export const DraftCreatedSchema = z.object({ id: z.number().int(), status: DraftStatusSchema });

export const DraftChangeSchema = z.enum(['kept', 'new', 'moved', 'removed']);
export type DraftChange = z.infer<typeof DraftChangeSchema>;

export const DraftAssignmentSchema = z.object({
  venue_id: z.number().int(),
  slot_def: SlotDefSchema,
  act_id: z.number().int(),
  change: DraftChangeSchema,
  score: z.number(),
  reasons: z.array(FitNoteSchema),
  /** Beyond the issue: what the review shows without another read. */
  address: z.string(),
  act_name: z.string(),
  warnings: z.array(FitNoteSchema),
});
export type DraftAssignment = z.infer<typeof DraftAssignmentSchema>;

/** Before/after figures of a draft. */
export const DraftFiguresSchema = z.object({
  acts_placed: z.number().int(),
  porches_used: z.number().int(),
  /** Sets that break a soft rule (a genre not asked for, a size, no rain-date plan). */
  soft_breaks: z.number().int(),
  /** Sets that break a hard rule (saved anyway by a host, or unable to happen on this day). */
  hard_breaks: z.number().int(),
});

/** GET /v1/admin/schedule-drafts/{id}. */
export const DraftSchema = z.object({
  id: z.number().int(),
  status: DraftStatusSchema,
  day: DraftDaySchema,
  keep: DraftKeepSchema,
  /** Proven optimal (within the solver's tolerance) rather than the best found in the time limit. */
  optimal: z.boolean(),
  /** The relative gap to the best bound (0 when proven optimal), or null while solving or failed. */
  gap: z.number().nullable(),
  placed: z.number().int(),
  unplaced: z.array(z.object({ act_id: z.number().int(), act_name: z.string(), reasons: z.array(FitNoteSchema) })),
  assignments: z.array(DraftAssignmentSchema),
  solve_ms: z.number().int().nullable(),
  /** Beyond the issue: figures before and after, when the draft was made, and why it failed. */
  before: DraftFiguresSchema.nullable(),
  after: DraftFiguresSchema.nullable(),
  created_at: z.string(),
  error: z.string().nullable(),
});
export type Draft = z.infer<typeof DraftSchema>;

/** POST /v1/admin/schedule-drafts/{id}/apply: the venue slots whose changes to apply (all when left out). */
export const ApplyDraftInputSchema = z.object({
  changes: z
    .array(z.object({ venue_id: z.number().int().positive(), slot_def: SlotDefSchema }))
    .max(4000)
    .optional(),
});
export type ApplyDraftInput = z.infer<typeof ApplyDraftInputSchema>;

export const ApplyDraftResultSchema = z.object({
  applied: z.number().int(),
  notices: z.number().int(),
});
export type ApplyDraftResult = z.infer<typeof ApplyDraftResultSchema>;

export const DraftMessages = {
  stale: 'The schedule changed since this draft; draft again',
  busy: 'A draft is being solved now; wait for it to finish.',
  notFound: 'No such draft: drafts live only until the server restarts; draft again',
  notDone: 'This draft is not ready to apply.',
  unknownChange: 'This draft has no change at that venue slot.',
} as const;
