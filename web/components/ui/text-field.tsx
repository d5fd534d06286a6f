import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { RequiredMark } from '../catalogue/required-mark';
import { errorId, FieldError } from '../forms/field-error';

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  /** Marks the label, and says so to screen readers with aria-required. */
  required?: boolean;
  /** A standing hint under the field (e.g. the password rule). */
  hint?: ReactNode;
  error?: string;
}

/** A labelled input whose required mark, hint and error are tied to it for screen readers. */
export function TextField({
  id,
  label,
  registration,
  type = 'text',
  autoComplete,
  required,
  hint,
  error,
}: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [hintId, error && errorId(id)].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
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
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}
