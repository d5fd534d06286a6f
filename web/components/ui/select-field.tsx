import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import Form from 'react-bootstrap/Form';
import { invalidProps } from '../forms/field-error';
import { FieldGroup } from '../forms/field-group';
import { fieldProps, type BoundField } from '../forms/field-props';

interface SelectFieldProps<T extends FieldValues, C, O> extends BoundField<T, C, O> {
  label: string;
  required?: boolean;
  /** The options. */
  children: ReactNode;
}

/** A labelled drop-down list whose error is tied to it for screen readers. */
export function SelectField<T extends FieldValues, C, O>(props: SelectFieldProps<T, C, O>) {
  const { name: id, label, required, children } = props;
  const { registration, error } = fieldProps(props);
  return (
    <FieldGroup id={id} label={label} required={required} error={error}>
      <Form.Select aria-required={required || undefined} {...invalidProps(id, error)} {...registration}>
        {children}
      </Form.Select>
    </FieldGroup>
  );
}
