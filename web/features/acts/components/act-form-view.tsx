import { formResolver } from '../../../lib/form-resolver';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { ActInputSchema, type ActInput } from '../../../../contract/acts';
import {
  ActSizes,
  DEFAULT_GENRE,
  Genres,
  PerformerSoundSystems,
  SLOT_DEFS,
  type Choice,
} from '../../../../contract/enums';
import { longDate } from '../../../components/catalogue/festival-dates';
import {
  BooleanRadiosField,
  CheckboxesField,
  RadiosField,
  RichTextField,
  TextInput,
} from '../../../components/catalogue/form-fields';
import { RequiredMark, RequiredNote } from '../../../components/catalogue/required-mark';
import { showFieldErrors } from '../../../components/catalogue/server-errors';
import { slotTime } from '../../../components/catalogue/slot-times';
import { limitedRichTextSchema } from '../../../components/rich-text/rich-text-limit';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { errorText } from '../../../lib/api-client';
import { useFestival } from '../../../lib/festival';

/** The contract's act form, with the editor's 1500-character limit checked before sending. */
export const ActFormSchema = ActInputSchema.extend({ bio: limitedRichTextSchema() });

export interface ActFormValues {
  name: string;
  bio: string;
  type: string;
  size: string;
  preferred_slots: string[];
  venue_pref: string;
  sound_system: string;
  rain_date_available: boolean | undefined;
}

/** docs/behaviour.md#entities: a new act starts as americana. */
export const EMPTY_ACT_FORM: ActFormValues = {
  name: '',
  bio: '',
  type: DEFAULT_GENRE,
  size: '',
  preferred_slots: [],
  venue_pref: '',
  sound_system: '',
  rain_date_available: undefined,
};

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
  defaultValues: ActFormValues;
  onSubmit: (input: ActInput) => Promise<unknown>;
  cancelTo: string;
}

/**
 * The act form (docs/behaviour.md#entities, docs/behaviour.md#validation), for a new act and for
 * editing one.
 */
export function ActFormView({ mode, defaultValues, onSubmit, cancelTo }: ActFormViewProps) {
  const { data: festival } = useFestival();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ActFormValues>({
    resolver: formResolver(ActFormSchema) as unknown as Resolver<ActFormValues>,
    defaultValues,
  });

  const slotOptions: Choice[] = SLOT_DEFS.map((slot) => {
    const time = slotTime(festival, slot);
    return { value: slot, label: time ? `${slot} (${time})` : slot };
  });
  const rainDate = festival ? ` (${longDate(festival.rain_date.date)})` : '';
  const typeError = errors.type?.message;

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values as unknown as ActInput);
    } catch (error) {
      console.error(error);
      if (!showFieldErrors(error, setError, FIELDS)) setFailure(errorText(error));
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={mode === 'create' ? 'New act' : 'Edit act'}>
      <RequiredNote />
      <TextInput id="name" label="Act name" required registration={register('name')} error={errors.name?.message} />
      <RichTextField control={control} name="bio" id="bio" label="Description" required />
      <Form.Group className="mb-3" controlId="type">
        <Form.Label>
          Genre
          <RequiredMark />
        </Form.Label>
        <Form.Select
          aria-required
          isInvalid={Boolean(typeError)}
          aria-invalid={typeError ? true : undefined}
          aria-describedby={typeError ? 'type-error' : undefined}
          {...register('type')}
        >
          {Genres.options.map((genre) => (
            <option key={genre.value} value={genre.value}>
              {genre.label}
            </option>
          ))}
        </Form.Select>
        {typeError && (
          <Form.Control.Feedback id="type-error" type="invalid">
            {typeError}
          </Form.Control.Feedback>
        )}
      </Form.Group>
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
        options={slotOptions}
        required
      />
      <TextInput
        id="venue_pref"
        label="Venue preference (optional)"
        hint="A street, a neighbour or a kind of porch you would like to play at."
        registration={register('venue_pref')}
        error={errors.venue_pref?.message}
      />
      <RadiosField
        control={control}
        name="sound_system"
        id="sound_system"
        label="Sound system"
        options={PerformerSoundSystems.options}
        required
      />
      <BooleanRadiosField
        control={control}
        name="rain_date_available"
        id="rain_date_available"
        label={`Are you available on the rain date${rainDate}?`}
        required
      />
      <div className="d-flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {mode === 'create' ? 'Create Act' : 'Save Act'}
        </Button>
        <Link className="btn btn-outline-secondary" to={cancelTo}>
          Cancel
        </Link>
      </div>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Form>
  );
}
