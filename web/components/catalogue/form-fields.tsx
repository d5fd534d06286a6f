import { Controller, type Control, type FieldPath, type FieldPathValue, type FieldValues } from 'react-hook-form';
import { SLOT_DEFS, type Choice } from '../../../contract/choices';
import type { FestivalConfig } from '../../../contract/festival';
import { useFestival } from '../../lib/festival';
import { errorId, FieldError } from '../forms/field-error';
import { RichTextEditor } from '../rich-text/rich-text-editor';
import { ChoiceGroup } from './choice-group';
import { longDate } from './festival-dates';
import { RequiredMark } from './required-mark';
import { slotTime } from './slot-times';

/** A field bound to a form's control; `O` is what the form's schema makes of its values (`T`). */
interface ControlledProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T> {
  control: Control<T, unknown, O>;
  name: N;
  id: string;
  label: string;
  required?: boolean;
}

/** The rich-text editor as a form field: a label naming it, its error below. */
export function RichTextField<T extends FieldValues, O>({
  control,
  name,
  id,
  label,
  required,
}: ControlledProps<T, FieldPath<T>, O>) {
  const labelId = `${id}-label`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        return (
          <div className="mb-3">
            {/* The editable area is a div, not an input: the label names it through aria-labelledby. */}
            <div id={labelId} className="form-label">
              {label}
              {required && <RequiredMark />}
            </div>
            <RichTextEditor
              id={id}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelledBy={labelId}
              describedBy={error ? errorId(id) : undefined}
              invalid={Boolean(error)}
              focusRef={field.ref}
            />
            <FieldError fieldId={id} error={error} />
          </div>
        );
      }}
    />
  );
}

interface ChoiceFieldProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>, O = T> extends ControlledProps<
  T,
  N,
  O
> {
  options: readonly Choice[];
  inline?: boolean;
}

type GroupBinding =
  | { type: 'checkbox'; value: readonly string[]; onChange: (value: string[]) => void }
  | { type: 'radio'; value: string; onChange: (value: string) => void };

interface ChoicesFieldProps<T extends FieldValues, N extends FieldPath<T>, O> extends ChoiceFieldProps<T, N, O> {
  /** The group's kind, and the field's value as the group's options and back. */
  bind: (value: FieldPathValue<T, N>, onChange: (value: unknown) => void) => GroupBinding;
}

/** Checkboxes or radio buttons bound to a form field. */
export function ChoicesField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  id,
  label,
  required,
  options,
  inline,
  bind,
}: ChoicesFieldProps<T, N, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceGroup
          id={id}
          legend={label}
          options={options}
          inline={inline}
          required={required}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
          {...bind(field.value, field.onChange)}
        />
      )}
    />
  );
}

/** Checkboxes whose value is the list of checked options. */
export function CheckboxesField<T extends FieldValues, O>(props: ChoiceFieldProps<T, FieldPath<T>, O>) {
  return (
    <ChoicesField
      {...props}
      bind={(value, onChange) => ({
        type: 'checkbox',
        value: Array.isArray(value) ? (value as string[]) : [],
        onChange,
      })}
    />
  );
}

/** Radio buttons whose value is the chosen option ('' until one is chosen). */
export function RadiosField<T extends FieldValues, O>(props: ChoiceFieldProps<T, FieldPath<T>, O>) {
  return (
    <ChoicesField
      {...props}
      bind={(value, onChange) => ({ type: 'radio', value: typeof value === 'string' ? value : '', onChange })}
    />
  );
}

const YES_NO_BOOLEAN: Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A yes/no question whose value is a boolean (undefined until answered). */
export function BooleanRadiosField<T extends FieldValues, O>(props: ControlledProps<T, FieldPath<T>, O>) {
  return (
    <ChoicesField
      {...props}
      options={YES_NO_BOOLEAN}
      inline
      bind={(value, onChange) => ({
        type: 'radio',
        value: typeof value === 'boolean' ? String(value) : '',
        onChange: (choice) => onChange(choice === 'true'),
      })}
    />
  );
}

/** The festival's slots as choices, each with its clock times once the festival is known. */
export function slotChoices(festival: FestivalConfig | undefined): Choice[] {
  return SLOT_DEFS.map((slot) => {
    const time = slotTime(festival, slot);
    return { value: slot, label: time ? `${slot} (${time})` : slot };
  });
}

/** The rain-date question venues and acts both answer, naming this edition's rain date. */
export function RainDateField<T extends FieldValues, O>({
  control,
  name,
}: Pick<ControlledProps<T, FieldPath<T>, O>, 'control' | 'name'>) {
  const { data: festival } = useFestival();
  const rainDate = festival ? ` (${longDate(festival.rain_date.date)})` : '';
  return (
    <BooleanRadiosField
      control={control}
      name={name}
      id={name}
      label={`Are you available on the rain date${rainDate}?`}
      required
    />
  );
}
