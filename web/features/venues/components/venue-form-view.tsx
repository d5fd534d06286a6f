import { formResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Genres, SLOT_DEFS, VenueSizePrefs, YesNo, type Choice } from '../../../../contract/enums';
import { z } from '../../../../contract/zod';
import {
  CreateVenueInputSchema,
  LatitudeSchema,
  LongitudeSchema,
  UpdateVenueInputSchema,
  type CreateVenueInput,
  type UpdateVenueInput,
} from '../../../../contract/venues';
import { ChoiceGroup } from '../../../components/catalogue/choice-group';
import { longDate } from '../../../components/catalogue/festival-dates';
import {
  BooleanRadiosField,
  CheckboxesField,
  RadiosField,
  RichTextField,
  TextInput,
} from '../../../components/catalogue/form-fields';
import { RequiredNote } from '../../../components/catalogue/required-mark';
import { showFieldErrors } from '../../../components/catalogue/server-errors';
import { slotTime } from '../../../components/catalogue/slot-times';
import { limitedRichTextSchema } from '../../../components/rich-text/rich-text-limit';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';
import { VenueAmenityFields, VenueLocationFields } from './venue-location-fields';

/** A coordinate typed as text: empty is no pin, anything else must read as a number. */
const typedCoordinate = (schema: typeof LatitudeSchema | typeof LongitudeSchema) =>
  z.preprocess((v) => (typeof v === 'string' ? (v.trim() === '' ? null : Number(v.trim())) : v), schema.nullable());

const formFields = () => ({
  bio: limitedRichTextSchema(),
  latitude: typedCoordinate(LatitudeSchema),
  longitude: typedCoordinate(LongitudeSchema),
});

/** Create: every field and at least one slot. Edit: every field; slots belong to the slots screen. */
export const venueFormSchema = (mode: 'create' | 'edit') =>
  mode === 'create' ? CreateVenueInputSchema.extend(formFields()) : UpdateVenueInputSchema.extend(formFields());

export interface VenueFormValues {
  address: string;
  bio: string;
  preferred_act_types: string[];
  size_pref: string;
  provide_electric: string;
  provide_sound_system: string;
  rain_date_available: boolean | undefined;
  available_slots: Array<{ slot_def: string }>;
  /** As typed; the schema reads them as numbers, empty as no pin. */
  latitude: string;
  longitude: string;
  step_free: boolean;
  seating: boolean;
  shade: boolean;
  restroom_nearby: boolean;
  accessibility_note: string;
}

export const EMPTY_VENUE_FORM: VenueFormValues = {
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

interface VenueFormViewProps {
  mode: 'create' | 'edit';
  defaultValues: VenueFormValues;
  onSubmit: (input: CreateVenueInput | UpdateVenueInput) => Promise<unknown>;
  cancelTo: string;
}

/**
 * The venue form (docs/behaviour.md#entities, docs/behaviour.md#validation), for a new venue and
 * for editing one.
 */
export function VenueFormView({ mode, defaultValues, onSubmit, cancelTo }: VenueFormViewProps) {
  const { data: festival } = useFestival();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VenueFormValues>({
    resolver: formResolver(venueFormSchema(mode)) as unknown as Resolver<VenueFormValues>,
    defaultValues,
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const slotOptions: Choice[] = SLOT_DEFS.map((slot) => {
    const time = slotTime(festival, slot);
    return { value: slot, label: time ? `${slot} (${time})` : slot };
  });
  const rainDate = festival ? ` (${longDate(festival.rain_date.date)})` : '';

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values as unknown as CreateVenueInput | UpdateVenueInput);
    } catch (error) {
      console.error(error);
      if (!showFieldErrors(error, setError, FIELDS)) setFailure(errorText(error));
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={mode === 'create' ? 'New venue' : 'Edit venue'}>
      <RequiredNote />
      <TextInput
        id="address"
        label="Address"
        required
        autoComplete="street-address"
        hint="The street address of your porch or yard."
        registration={register('address')}
        error={errors.address?.message}
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
      <BooleanRadiosField
        control={control}
        name="rain_date_available"
        id="rain_date_available"
        label={`Are you available on the rain date${rainDate}?`}
        required
      />
      <VenueLocationFields form={form} festival={festival} />
      <VenueAmenityFields form={form} />
      {mode === 'create' && (
        // The contract sends slots as [{slot_def}]; the checkboxes deal in slot names.
        <Controller
          control={control}
          name="available_slots"
          render={({ field, fieldState }) => (
            <ChoiceGroup
              type="checkbox"
              id="available_slots"
              legend="Slots you can host"
              options={slotOptions}
              required
              value={field.value.map((slot) => slot.slot_def)}
              onChange={(slots) => field.onChange(slots.map((slot_def) => ({ slot_def })))}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
      )}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {mode === 'create' ? 'Create Venue' : 'Save Venue'}
        </Button>
        <Link className="btn btn-outline-secondary" to={cancelTo}>
          Cancel
        </Link>
      </div>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Form>
  );
}
