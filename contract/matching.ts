import { SlotDefSchema } from './enums.js';
import { IdSchema, QueryBoolean } from './forms.js';
import { countedListResponseSchema } from './lists.js';
import { Genres } from './enums.js';
import { z } from './zod.js';

/**
 * Matchmaking (docs/decisions/0049-matchmaking.md): what the fit model says of one venue slot and
 * one act. Every note carries a stable `code`, for programs and tests, and a sentence, for people.
 */
export const FitNoteSchema = z.object({ code: z.string(), text: z.string() });
export type FitNote = z.infer<typeof FitNoteSchema>;

/** What the fit model says of a pair: its points, the reasons for them, and its warnings. */
const fitVerdictFields = {
  score: z.number(),
  reasons: z.array(FitNoteSchema),
  warnings: z.array(FitNoteSchema),
};

/** The hard rules of the fit model: a pair that breaks one is not suggested (docs/behaviour.md#matchmaking). */
export const BLOCK_CODES = [
  'slot_unavailable',
  'slot_taken',
  'not_preferred_slot',
  'act_busy',
  'owner_busy',
  'needs_sound_system',
  'needs_electricity',
  'porch_too_small',
  'venue_not_on_rain_date',
  'act_not_on_rain_date',
  'earshot',
  'walk_too_far',
] as const;
export type BlockCode = (typeof BLOCK_CODES)[number];

/** Where an act already plays, for a suggestion: "Also plays at 3:00pm at 52 Cedar Road". */
export const ActSetSchema = z.object({
  venue_id: z.number().int(),
  address: z.string(),
  slot_def: SlotDefSchema,
});
export type ActSet = z.infer<typeof ActSetSchema>;

/** GET /v1/venues/{id}/suggestions?slot_def=Slot%201 (the venue's owner or an admin). */
export const VenueSuggestionsQuerySchema = z.object({ slot_def: SlotDefSchema });

export const VenueSuggestionSchema = z.object({
  act_id: z.number().int(),
  act_name: z.string(),
  /** Beyond the fields: the genre, shown beside the name, and the act's current sets. */
  act_type: Genres.schema,
  sets: z.array(ActSetSchema),
  ...fitVerdictFields,
});
export type VenueSuggestion = z.infer<typeof VenueSuggestionSchema>;
export const VenueSuggestionsResponseSchema = countedListResponseSchema(VenueSuggestionSchema);
export type VenueSuggestionsResponse = z.infer<typeof VenueSuggestionsResponseSchema>;

/** GET /v1/acts/{id}/suggestions (the act's owner or an admin): open venue slots, best first. */
export const ActSuggestionSchema = z.object({
  venue_id: z.number().int(),
  address: z.string(),
  slot_def: SlotDefSchema,
  ...fitVerdictFields,
});
export type ActSuggestion = z.infer<typeof ActSuggestionSchema>;
export const ActSuggestionsResponseSchema = countedListResponseSchema(ActSuggestionSchema);
export type ActSuggestionsResponse = z.infer<typeof ActSuggestionsResponseSchema>;

/** GET /v1/matches/explain: why a pair is (not) suggested. */
export const ExplainQuerySchema = z.object({
  venue_id: IdSchema,
  slot_def: SlotDefSchema,
  act_id: IdSchema,
  /**
   * Beyond the issue: `true` asks as the slots editor does while the host chooses, with the slot
   * counted as offered and empty (what is saved in it now is the host's to replace).
   */
  open_slot: QueryBoolean.default(false),
});
export type ExplainQuery = z.infer<typeof ExplainQuerySchema>;
export const ExplainResponseSchema = z.object({
  eligible: z.boolean(),
  ...fitVerdictFields,
  blocks: z.array(FitNoteSchema),
});
export type ExplainResponse = z.infer<typeof ExplainResponseSchema>;

/** GET /v1/admin/matching: the health of the matching, for the committee's desk. */
export const MatchingHealthSchema = z.object({
  /** How many of each list there are in all; each list names at most 200. */
  totals: z.object({
    venues_without_act: z.number().int(),
    acts_without_venue: z.number().int(),
    rule_breaks: z.number().int(),
  }),
  /** Porches that offer slots and have no act yet. */
  venues_without_act: z.array(
    z.object({ venue_id: z.number().int(), address: z.string(), open_slots: z.number().int() }),
  ),
  /** Acts with no porch, and why: no porch fits at their times, or only porches a rule blocks. */
  acts_without_venue: z.array(
    z.object({
      act_id: z.number().int(),
      act_name: z.string(),
      /** How many open venue slots would take the act now. */
      fitting_slots: z.number().int(),
      reasons: z.array(FitNoteSchema),
    }),
  ),
  /** Scheduled sets that break a rule of the fit model (hard ones saved anyway, or soft ones), by slot. */
  rule_breaks: z.array(
    z.object({
      venue_id: z.number().int(),
      address: z.string(),
      slot_def: SlotDefSchema,
      act_id: z.number().int(),
      act_name: z.string(),
      blocks: z.array(FitNoteSchema),
      warnings: z.array(FitNoteSchema),
    }),
  ),
});
export type MatchingHealth = z.infer<typeof MatchingHealthSchema>;
