import { formResolver } from '../../../lib/form-resolver';
import { useForm, type DefaultValues } from 'react-hook-form';
import { ActInputSchema, type Act, type ActInput } from '../../../../contract/acts';
import { ActSizes, DEFAULT_GENRE, Genres, PerformerSoundSystems } from '../../../../contract/enums';
import {
  CheckboxesField,
  RadiosField,
  RainDateField,
  RichTextField,
  slotChoices,
} from '../../../components/catalogue/form-fields';
import { EntryForm } from '../../../components/forms/entry-form';
import { useFieldErrorSubmit } from '../../../components/forms/use-field-error-submit';
import { limitedRichTextSchema } from '../../../components/rich-text/rich-text-limit';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useFestival } from '../../../lib/festival';
import type { z } from '../../../../contract/zod';

/** The contract's act form, with the editor's 1500-character limit checked before sending. */
export const ActFormSchema = ActInputSchema.extend({ bio: limitedRichTextSchema() });

/** The form's values as typed, which the schema reads into an `ActInput` when it is sent. */
export type ActFormValues = z.input<typeof ActFormSchema>;

/** docs/behaviour.md#entities: a new act starts as americana; the rain-date question is unanswered. */
export const EMPTY_ACT_FORM: DefaultValues<ActFormValues> = {
  name: '',
  bio: '',
  type: DEFAULT_GENRE,
  size: '',
  preferred_slots: [],
  venue_pref: '',
  sound_system: '',
  rain_date_available: undefined,
};

/** The form's values for `act`, or a new act's. */
export const actFormValues = (act: Act | undefined): DefaultValues<ActFormValues> =>
  act
    ? {
        name: act.name,
        bio: act.bio,
        type: act.type,
        size: act.size,
        preferred_slots: [...act.preferred_slots],
        venue_pref: act.venue_pref ?? '',
        sound_system: act.sound_system,
        rain_date_available: act.rain_date_available,
      }
    : EMPTY_ACT_FORM;

const FIELDS = [
  'name',
  'bio',
  'type',
  'size',
  'preferred_slots',
  'venue_pref',
  'sound_system',
  'rain_date_available',
] as const;

interface ActFormViewProps {
  mode: 'create' | 'edit';
  defaultValues: DefaultValues<ActFormValues>;
  onSubmit: (input: ActInput) => Promise<unknown>;
  cancelTo: string;
}

/**
 * The act form (docs/behaviour.md#entities, docs/behaviour.md#validation), for a new act and for
 * editing one.
 */
export function ActFormView({ mode, defaultValues, onSubmit, cancelTo }: ActFormViewProps) {
  const { data: festival } = useFestival();
  const form = useForm<ActFormValues, unknown, ActInput>({ resolver: formResolver(ActFormSchema), defaultValues });
  const { control, formState } = form;
  const sending = useFieldErrorSubmit(form, FIELDS, onSubmit);

  return (
    <EntryForm kind="Act" mode={mode} sending={sending} busy={formState.isSubmitting} cancelTo={cancelTo}>
      <TextField form={form} name="name" label="Act name" required />
      <RichTextField control={control} name="bio" id="bio" label="Description" required />
      <SelectField form={form} name="type" label="Genre" required>
        {Genres.options.map((genre) => (
          <option key={genre.value} value={genre.value}>
            {genre.label}
          </option>
        ))}
      </SelectField>
      <RadiosField
        control={control}
        name="size"
        id="size"
        label="Act size"
        options={ActSizes.options}
        inline
        required
      />
      <CheckboxesField
        control={control}
        name="preferred_slots"
        id="preferred_slots"
        label="Preferred slots"
        options={slotChoices(festival)}
        required
      />
      <TextField
        form={form}
        name="venue_pref"
        label="Venue preference (optional)"
        hint="A street, a neighbour or a kind of porch you would like to play at."
      />
      <RadiosField
        control={control}
        name="sound_system"
        id="sound_system"
        label="Sound system"
        options={PerformerSoundSystems.options}
        required
      />
      <RainDateField control={control} name="rain_date_available" />
    </EntryForm>
  );
}
