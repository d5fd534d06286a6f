import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { RequiredMark } from '../catalogue/required-mark';
import { FieldError } from './field-error';

interface FieldGroupProps {
  /** The control's id, which its label points at. */
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** The control, and any hint under it. */
  children: ReactNode;
}

/** A control with its label above (marked when required) and its error below. */
export function FieldGroup({ id, label, required, error, children }: FieldGroupProps) {
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {label}
        {required && <RequiredMark />}
      </Form.Label>
      {children}
      <FieldError fieldId={id} error={error} />
    </Form.Group>
  );
}
