import { z } from './zod.js';
import { ActSizes, DEFAULT_GENRE, Genres, PerformerSoundSystems, SlotDefSchema } from './enums.js';
import { enumField, IdSchema, REQUIRED, requiredBoolean, requiredText } from './forms.js';
import { withoutHiddenControls } from './text.js';
import { listQuerySchema, listResponseSchema, searchField, TIME_ORDER_BY } from './lists.js';
import { richTextSchema } from './rich-text-schema.js';
import { CreatorSchema } from './users.js';
import { HiddenSchema } from './moderation.js';

export { ACT_STATUS, actStatus, slotNumber } from './act-status.js';

export const ActMessages = {
  slotRequired: 'At least one slot is required',
} as const;

export const ScheduledVenueSlotSchema = z.object({
  slot_def: SlotDefSchema,
  venue: z.object({ id: z.number().int(), address: z.string() }),
});
export type ScheduledVenueSlot = z.infer<typeof ScheduledVenueSlotSchema>;

export const ActSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string(),
  creator_id: z.number().int(),
  creator: CreatorSchema,
  type: Genres.schema,
  size: ActSizes.schema,
  preferred_slots: z.array(SlotDefSchema),
  venue_pref: z.string().nullable(),
  sound_system: PerformerSoundSystems.schema,
  rain_date_available: z.boolean(),
  scheduled_venue_slots: z.array(ScheduledVenueSlotSchema),
  created_time: z.string(),
  updated_time: z.string(),
  /** Only while the committee hides it; only its owner and admins see a hidden act (docs/behaviour.md#moderation). */
  hidden: HiddenSchema.optional(),
});
export type Act = z.infer<typeof ActSchema>;

/**
 * The act form (docs/behaviour.md#entities, docs/behaviour.md#validation), as POST /v1/acts and
 * PATCH /v1/acts/{id} take it.
 */
export const ActInputSchema = z.object({
  name: requiredText(100),
  bio: richTextSchema(),
  type: z.preprocess((v) => (v === undefined || v === '' || v === null ? DEFAULT_GENRE : v), Genres.schema),
  rain_date_available: requiredBoolean,
  preferred_slots: z
    .array(SlotDefSchema, { error: ActMessages.slotRequired })
    .min(1, ActMessages.slotRequired)
    .transform((slots) => [...new Set(slots)]),
  size: enumField(ActSizes.schema),
  sound_system: enumField(PerformerSoundSystems.schema),
  venue_pref: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().normalize('NFC') : null),
      withoutHiddenControls(z.string().max(500, 'Must be at most 500 characters'), true).nullable(),
    )
    .optional(),
});
export type ActInput = z.infer<typeof ActInputSchema>;

/** GET /v1/acts?status=: an act's status as the act list's status filter names it. */
export const ACT_STATUS_FILTERS = ['looking', 'scheduled'] as const;
export type ActStatusFilter = (typeof ACT_STATUS_FILTERS)[number];

export const ACT_ORDER_BY = [...TIME_ORDER_BY, 'name', '-name'] as const;

export const ActListQuerySchema = listQuerySchema(ACT_ORDER_BY).extend({
  search: searchField(),
  type: Genres.schema.optional(),
  s_preferred_slots__ilike: SlotDefSchema.optional(),
  /**
   * "Plays at": acts a host has scheduled in this slot (at any venue), as opposed to
   * s_preferred_slots__ilike, the slots an act would like (docs/decisions/0016).
   */
  scheduled_slot: SlotDefSchema.optional(),
  creator_id: IdSchema.optional(),
  /**
   * Acts with no set the reader sees ("looking") or at least one ("scheduled"), filtered on the
   * server so the list's count and pages are true; the spec's request, without it, is unchanged and
   * its status filter runs on the client (docs/behaviour.md#act-list).
   */
  status: z.enum(ACT_STATUS_FILTERS, { error: `Must be one of ${ACT_STATUS_FILTERS.join(', ')}` }).optional(),
});
export type ActListQuery = z.infer<typeof ActListQuerySchema>;

export const ActListResponseSchema = listResponseSchema(ActSchema);
export type ActListResponse = z.infer<typeof ActListResponseSchema>;

/** GET /v1/acts/unmatched: acts free at that slot time, plus the one already in this venue's slot. */
export const UnmatchedActsQuerySchema = z.object({ venue_id: IdSchema, slot_def: SlotDefSchema });

export { REQUIRED };
