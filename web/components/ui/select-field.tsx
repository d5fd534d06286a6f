import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { RequiredMark } from '../catalogue/required-mark';
import { FieldError, invalidProps } from '../forms/field-error';

interface SelectFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  required?: boolean;
  error?: string;
  /** The options. */
  children: ReactNode;
}

/** A labelled drop-down list whose error is tied to it for screen readers. */
export function SelectField({ id, label, registration, required, error, children }: SelectFieldProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      <Form.Select aria-required={required || undefined} {...invalidProps(id, error)} {...registration}>
        {children}
      </Form.Select>
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}
