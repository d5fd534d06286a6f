import { z } from './zod.js';
import { Genres, SlotDefSchema, VenueSizePrefs, YesNo } from './enums.js';
import { enumField, IdSchema, requiredBoolean, requiredText } from './forms.js';
import { listQuerySchema, listResponseSchema, searchField, TIME_ORDER_BY } from './lists.js';
import { richTextSchema } from './rich-text-schema.js';
import { withoutHiddenControls } from './text.js';
import { CreatorSchema } from './users.js';
import { QueryBoolean } from './forms.js';
import { HiddenSchema } from './moderation.js';

export const VenueMessages = {
  genreRequired: 'At least one genre is required',
  slotRequired: 'At least one slot is required',
} as const;

export { VENUE_AMENITIES, type VenueAmenity } from './choices.js';

export const ACCESSIBILITY_NOTE_MAX = 300;

/**
 * A plain-text note: trimmed, at most 300 characters, the text hygiene of every multi-line text
 * (contract/text.ts: no control characters but tab and line breaks, no text-direction overrides).
 */
const accessibilityNote = z
  .string({ error: 'Must be text' })
  .transform((v) => v.replace(/\r\n?/g, '\n').trim())
  .pipe(
    withoutHiddenControls(
      z.string().max(ACCESSIBILITY_NOTE_MAX, `Must be at most ${ACCESSIBILITY_NOTE_MAX} characters`),
      true,
    ),
  );

/** A pin's coordinate; the festival's box is checked by the server, which knows the configuration. */
export const LatitudeSchema = z
  .number({ error: 'Must be a number' })
  .min(-90, 'Must be between -90 and 90')
  .max(90, 'Must be between -90 and 90');
export const LongitudeSchema = z
  .number({ error: 'Must be a number' })
  .min(-180, 'Must be between -180 and 180')
  .max(180, 'Must be between -180 and 180');

export const ScheduledActRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A slot the venue offers, and the act scheduled in it, if any (docs/behaviour.md#entities). */
export const VenueSlotSchema = z.object({
  id: z.number().int(),
  slot_def: SlotDefSchema,
  scheduled_act: ScheduledActRefSchema.nullable(),
});
export type VenueSlot = z.infer<typeof VenueSlotSchema>;

/** A venue's pin (both null when the host has not placed it) and amenities, as a venue and the schedule show them. */
export function pinAndAmenityFields() {
  return {
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    step_free: z.boolean(),
    seating: z.boolean(),
    shade: z.boolean(),
    restroom_nearby: z.boolean(),
    accessibility_note: z.string(),
  };
}

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
  ...pinAndAmenityFields(),
  created_time: z.string(),
  updated_time: z.string(),
  /** Only while the committee hides it; only its owner and admins see a hidden venue (docs/behaviour.md#moderation). */
  hidden: HiddenSchema.optional(),
});
export type Venue = z.infer<typeof VenueSchema>;

const unique = <T>(list: T[]) => [...new Set(list)];

/**
 * The fields of the venue form (docs/behaviour.md#entities, docs/behaviour.md#validation), as POST
 * /v1/venues and PATCH /v1/venues/{id}/no_slots take them.
 */
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
  // A pin is both coordinates or neither: the server checks that with the festival's box
  // (server/features/venues/values.ts), since a refinement here would stop the web form's
  // schemas from extending this one.
  // Optional, so older clients keep working: left out, a new venue has no pin and no amenities,
  // and an edit keeps what is stored. null clears the pin.
  latitude: LatitudeSchema.nullable().optional(),
  longitude: LongitudeSchema.nullable().optional(),
  step_free: z.boolean({ error: 'Must be true or false' }).optional(),
  seating: z.boolean({ error: 'Must be true or false' }).optional(),
  shade: z.boolean({ error: 'Must be true or false' }).optional(),
  restroom_nearby: z.boolean({ error: 'Must be true or false' }).optional(),
  accessibility_note: accessibilityNote.optional(),
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

export const VENUE_ORDER_BY = [...TIME_ORDER_BY, 'address', '-address'] as const;

export const VenueListQuerySchema = listQuerySchema(VENUE_ORDER_BY).extend({
  search: searchField(),
  s_preferred_act_types__ilike: Genres.schema.optional(),
  available_slots__slot_def: SlotDefSchema.optional(),
  available_slots__available_to_schedule: QueryBoolean.optional(),
  creator_id: IdSchema.optional(),
  // Each `true` keeps only venues with that amenity; `false` is the same as leaving it out.
  step_free: QueryBoolean.optional(),
  seating: QueryBoolean.optional(),
  shade: QueryBoolean.optional(),
  restroom_nearby: QueryBoolean.optional(),
});
export type VenueListQuery = z.infer<typeof VenueListQuerySchema>;

export const VenueListResponseSchema = listResponseSchema(VenueSchema);
export type VenueListResponse = z.infer<typeof VenueListResponseSchema>;
