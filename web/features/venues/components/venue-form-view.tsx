import { formResolver } from '../../../lib/form-resolver';
import { useForm, type DefaultValues } from 'react-hook-form';
import { Genres, VenueSizePrefs, YesNo } from '../../../../contract/enums';
import { z } from '../../../../contract/zod';
import {
  CreateVenueInputSchema,
  LatitudeSchema,
  LongitudeSchema,
  UpdateVenueInputSchema,
  type CreateVenueInput,
  type UpdateVenueInput,
  type Venue,
} from '../../../../contract/venues';
import {
  CheckboxesField,
  ChoicesField,
  RadiosField,
  RainDateField,
  RichTextField,
  slotChoices,
} from '../../../components/catalogue/form-fields';
import { EntryForm } from '../../../components/forms/entry-form';
import { useFieldErrorSubmit } from '../../../components/forms/use-field-error-submit';
import { limitedRichTextSchema } from '../../../components/rich-text/rich-text-limit';
import { TextField } from '../../../components/ui/text-field';
import { useFestival } from '../../../lib/festival';
import { VenueAmenityFields, VenueLocationFields } from './venue-location-fields';

/** A coordinate typed as text: empty is no pin, anything else must read as a number (either schema: one type). */
const typedCoordinate = (schema: typeof LatitudeSchema) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v), schema.nullable());

const formFields = () => ({
  bio: limitedRichTextSchema(),
  latitude: typedCoordinate(LatitudeSchema),
  longitude: typedCoordinate(LongitudeSchema),
});

/** Create: every field and at least one slot. */
const CreateVenueFormSchema = CreateVenueInputSchema.extend(formFields());

/**
 * Edit: every field; the slots belong to the slots screen, so the form holds the venue's slots
 * without checking them and sends none (PATCH /v1/venues/{id}/no_slots would ignore them).
 */
const EditVenueFormSchema = UpdateVenueInputSchema.extend({
  ...formFields(),
  available_slots: CreateVenueInputSchema.shape.available_slots.catch([]).transform(() => undefined),
});

export const venueFormSchema = (mode: 'create' | 'edit') =>
  mode === 'create' ? CreateVenueFormSchema : EditVenueFormSchema;

/** The form's values as typed (coordinates as text), which the schema reads into the request body. */
export type VenueFormValues = z.input<typeof CreateVenueFormSchema>;
/** What the form sends: the create schema's body, or the edit schema's (no slots). */
export type VenueFormOutput = z.output<typeof CreateVenueFormSchema> | z.output<typeof EditVenueFormSchema>;

export const EMPTY_VENUE_FORM: DefaultValues<VenueFormValues> = {
  address: '',
  bio: '',
  preferred_act_types: [],
  size_pref: '',
  provide_electric: '',
  provide_sound_system: '',
  rain_date_available: undefined,
  available_slots: [],
  latitude: '',
  longitude: '',
  step_free: false,
  seating: false,
  shade: false,
  restroom_nearby: false,
  accessibility_note: '',
};

/** The form's values for `venue`, or a new venue's. */
export const venueFormValues = (venue: Venue | undefined): DefaultValues<VenueFormValues> =>
  venue
    ? {
        address: venue.address,
        bio: venue.bio,
        preferred_act_types: [...venue.preferred_act_types],
        size_pref: venue.size_pref,
        provide_electric: venue.provide_electric,
        provide_sound_system: venue.provide_sound_system,
        rain_date_available: venue.rain_date_available,
        available_slots: venue.available_slots.map((slot) => ({ slot_def: slot.slot_def })),
        latitude: venue.latitude === null ? '' : String(venue.latitude),
        longitude: venue.longitude === null ? '' : String(venue.longitude),
        step_free: venue.step_free,
        seating: venue.seating,
        shade: venue.shade,
        restroom_nearby: venue.restroom_nearby,
        accessibility_note: venue.accessibility_note,
      }
    : EMPTY_VENUE_FORM;

const FIELDS = [
  'address',
  'bio',
  'preferred_act_types',
  'size_pref',
  'provide_electric',
  'provide_sound_system',
  'rain_date_available',
  'available_slots',
  'latitude',
  'longitude',
  'step_free',
  'seating',
  'shade',
  'restroom_nearby',
  'accessibility_note',
] as const;

type VenueFormViewProps = {
  defaultValues: DefaultValues<VenueFormValues>;
  cancelTo: string;
} & (
  | { mode: 'create'; onSubmit: (input: CreateVenueInput) => Promise<unknown> }
  | { mode: 'edit'; onSubmit: (input: UpdateVenueInput) => Promise<unknown> }
);

/**
 * The venue form (docs/behaviour.md#entities, docs/behaviour.md#validation), for a new venue and
 * for editing one.
 */
export function VenueFormView(props: VenueFormViewProps) {
  const { mode, defaultValues, cancelTo } = props;
  const { data: festival } = useFestival();
  const form = useForm<VenueFormValues, unknown, VenueFormOutput>({
    resolver: mode === 'create' ? formResolver(CreateVenueFormSchema) : formResolver(EditVenueFormSchema),
    defaultValues,
  });
  const { control, formState } = form;
  const sending = useFieldErrorSubmit(form, FIELDS, async (values) => {
    if (props.mode === 'edit') return props.onSubmit(values);
    // The create schema's output always carries the slots (at least one); this tells TypeScript.
    if (values.available_slots === undefined) throw new Error('A new venue needs its slots');
    return props.onSubmit(values);
  });

  return (
    <EntryForm kind="Venue" mode={mode} sending={sending} busy={formState.isSubmitting} cancelTo={cancelTo}>
      <TextField
        form={form}
        name="address"
        label="Address"
        required
        autoComplete="street-address"
        hint="The street address of your porch or yard."
      />
      <RichTextField control={control} name="bio" id="bio" label="Description" required />
      <CheckboxesField
        control={control}
        name="preferred_act_types"
        id="preferred_act_types"
        label="Preferred genres"
        options={Genres.options}
        inline
        required
      />
      <RadiosField
        control={control}
        name="size_pref"
        id="size_pref"
        label="Preferred act size"
        options={VenueSizePrefs.options}
        inline
        required
      />
      <RadiosField
        control={control}
        name="provide_electric"
        id="provide_electric"
        label="Can you provide electricity?"
        options={YesNo.options}
        inline
        required
      />
      <RadiosField
        control={control}
        name="provide_sound_system"
        id="provide_sound_system"
        label="Can you provide a sound system?"
        options={YesNo.options}
        inline
        required
      />
      <RainDateField control={control} name="rain_date_available" />
      <VenueLocationFields form={form} festival={festival} />
      <VenueAmenityFields form={form} />
      {mode === 'create' && (
        <ChoicesField
          control={control}
          name="available_slots"
          id="available_slots"
          label="Slots you can host"
          options={slotChoices(festival)}
          required
          // The contract sends slots as [{slot_def}]; the checkboxes deal in slot names.
          bind={(slots, onChange) => ({
            type: 'checkbox',
            value: slots.map((slot) => slot.slot_def),
            onChange: (names) => onChange(names.map((slot_def) => ({ slot_def }))),
          })}
        />
      )}
    </EntryForm>
  );
}
