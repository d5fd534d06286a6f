import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { errorId } from '../forms/field-error';
import { FieldGroup } from '../forms/field-group';
import { fieldProps, type BoundField } from '../forms/field-props';

interface TextFieldProps<T extends FieldValues, C, O> extends BoundField<T, C, O> {
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** Marks the label, and says so to screen readers with aria-required. */
  required?: boolean;
  /** A standing hint under the field (e.g. the password rule). */
  hint?: ReactNode;
}

/** A labelled input whose required mark, hint and error are tied to it for screen readers. */
export function TextField<T extends FieldValues, C, O>(props: TextFieldProps<T, C, O>) {
  const { name: id, label, type = 'text', autoComplete, required, hint } = props;
  const { registration, error } = fieldProps(props);
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error && errorId(id)].filter(Boolean).join(' ') || undefined;
  return (
    <FieldGroup id={id} label={label} required={required} error={error}>
      <Form.Control
        type={type}
        autoComplete={autoComplete}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        {...registration}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
    </FieldGroup>
  );
}
