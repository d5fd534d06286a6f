import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import type { Choice } from '../../../contract/enums';
import { RichTextEditor } from '../rich-text/rich-text-editor';
import { ChoiceGroup } from './choice-group';
import { RequiredMark } from './required-mark';

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface TextInputProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
  autoComplete?: string;
}

/** A labelled text input with its required mark, hint and error tied to it. */
export function TextInput({ id, label, registration, error, required, hint, autoComplete }: TextInputProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Control
        type="text"
        autoComplete={autoComplete}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(hintId, errorId)}
        {...registration}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback id={errorId} type="invalid">
          {error}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

interface ControlledProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  required?: boolean;
}

/** The rich-text editor as a form field: a label naming it, its error below. */
export function RichTextField<T extends FieldValues>({ control, name, id, label, required }: ControlledProps<T>) {
  const labelId = `${id}-label`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = fieldState.error?.message;
        const errorId = error ? `${id}-error` : undefined;
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
              describedBy={errorId}
              invalid={Boolean(error)}
              focusRef={field.ref}
            />
            {error && (
              <div id={errorId} className="invalid-feedback d-block">
                {error}
              </div>
            )}
          </div>
        );
      }}
    />
  );
}

interface ChoiceFieldProps<T extends FieldValues> extends ControlledProps<T> {
  options: readonly Choice[];
  inline?: boolean;
}

/** Checkboxes whose value is the list of checked options. */
export function CheckboxesField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  required,
  options,
  inline,
}: ChoiceFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceGroup
          type="checkbox"
          id={id}
          legend={label}
          options={options}
          inline={inline}
          required={required}
          value={Array.isArray(field.value) ? (field.value as string[]) : []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Radio buttons whose value is the chosen option ('' until one is chosen). */
export function RadiosField<T extends FieldValues>({
  control,
  name,
  id,
  label,
  required,
  options,
  inline,
}: ChoiceFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceGroup
          type="radio"
          id={id}
          legend={label}
          options={options}
          inline={inline}
          required={required}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

const YES_NO_BOOLEAN: Choice[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A yes/no question whose value is a boolean (undefined until answered). */
export function BooleanRadiosField<T extends FieldValues>({ control, name, id, label, required }: ControlledProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <ChoiceGroup
          type="radio"
          id={id}
          legend={label}
          options={YES_NO_BOOLEAN}
          inline
          required={required}
          value={typeof field.value === 'boolean' ? String(field.value) : ''}
          onChange={(value) => field.onChange(value === 'true')}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
