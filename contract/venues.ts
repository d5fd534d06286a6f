import { z } from './zod.js';
import { Genres, SlotDefSchema, VenueSizePrefs, YesNo } from './enums.js';
import { IdSchema, REQUIRED, requiredBoolean, requiredText } from './forms.js';
import { listQuerySchema, listResponseSchema } from './lists.js';
import { richTextSchema } from './rich-text.js';
import { CreatorSchema } from './users.js';
import { QueryBoolean } from './forms.js';

export const VenueMessages = {
  genreRequired: 'At least one genre is required',
  slotRequired: 'At least one slot is required',
} as const;

export const ScheduledActRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** Spec 3 Slot: a slot the venue offers, and the act scheduled in it, if any. */
export const VenueSlotSchema = z.object({
  id: z.number().int(),
  slot_def: SlotDefSchema,
  scheduled_act: ScheduledActRefSchema.nullable(),
});
export type VenueSlot = z.infer<typeof VenueSlotSchema>;

export const VenueSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  address_url: z.string(),
  bio: z.string(),
  creator_id: z.number().int(),
  creator: CreatorSchema,
  preferred_act_types: z.array(Genres.schema),
  available_slots: z.array(VenueSlotSchema),
  size_pref: VenueSizePrefs.schema,
  provide_electric: YesNo.schema,
  provide_sound_system: YesNo.schema,
  rain_date_available: z.boolean(),
  created_time: z.string(),
  updated_time: z.string(),
});
export type Venue = z.infer<typeof VenueSchema>;

// A missing choice reads as "required"; once refined it is never undefined, which the cast tells TypeScript.
const enumField = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())
    .refine((v) => v !== undefined, REQUIRED)
    .transform((v) => v as z.output<T>);

const unique = <T>(list: T[]) => [...new Set(list)];

/** The fields of the venue form (spec 3 and 5), as POST /v1/venues and PATCH /v1/venues/{id}/no_slots take them. */
export const VenueFieldsSchema = z.object({
  address: requiredText(200),
  bio: richTextSchema(),
  rain_date_available: requiredBoolean,
  preferred_act_types: z
    .array(Genres.schema, { error: VenueMessages.genreRequired })
    .min(1, VenueMessages.genreRequired)
    .transform(unique),
  size_pref: enumField(VenueSizePrefs.schema),
  provide_electric: enumField(YesNo.schema),
  provide_sound_system: enumField(YesNo.schema),
});

export const SlotDefInputSchema = z.object({ slot_def: SlotDefSchema });

export const CreateVenueInputSchema = VenueFieldsSchema.extend({
  available_slots: z
    .array(SlotDefInputSchema, { error: VenueMessages.slotRequired })
    .min(1, VenueMessages.slotRequired)
    .max(4)
    .refine((slots) => new Set(slots.map((s) => s.slot_def)).size === slots.length, 'Each slot may be listed once'),
});
export type CreateVenueInput = z.infer<typeof CreateVenueInputSchema>;

/** PATCH /v1/venues/{id}/no_slots: every field of the form; any slots sent are ignored. */
export const UpdateVenueInputSchema = VenueFieldsSchema;
export type UpdateVenueInput = z.infer<typeof UpdateVenueInputSchema>;

/** PATCH /v1/venues/{id} (the slots screen): the venue's slots as a whole. */
export const UpdateVenueSlotsInputSchema = z.object({
  available_slots: z
    .array(
      z.object({
        slot_def: SlotDefSchema,
        scheduled_act_id: IdSchema.nullable().optional(),
      }),
      { error: VenueMessages.slotRequired },
    )
    .min(1, VenueMessages.slotRequired)
    .max(4)
    .refine((slots) => new Set(slots.map((s) => s.slot_def)).size === slots.length, 'Each slot may be listed once'),
});
export type UpdateVenueSlotsInput = z.infer<typeof UpdateVenueSlotsInputSchema>;

export const VENUE_ORDER_BY = [
  '-updated_time',
  'updated_time',
  '-created_time',
  'created_time',
  'address',
  '-address',
] as const;

export const VenueListQuerySchema = listQuerySchema(VENUE_ORDER_BY).extend({
  search: z.string().trim().max(200, 'Must be at most 200 characters').optional(),
  s_preferred_act_types__ilike: Genres.schema.optional(),
  available_slots__slot_def: SlotDefSchema.optional(),
  available_slots__available_to_schedule: QueryBoolean.optional(),
  creator_id: IdSchema.optional(),
});
export type VenueListQuery = z.infer<typeof VenueListQuerySchema>;

export const VenueListResponseSchema = listResponseSchema(VenueSchema);
export type VenueListResponse = z.infer<typeof VenueListResponseSchema>;
