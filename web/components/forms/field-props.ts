import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** A field's form and name: the form's own fields use the name as the control's id too. */
export interface BoundField<T extends FieldValues, C, O> {
  form: UseFormReturn<T, C, O>;
  name: Path<T>;
}

/** A field's tie to its react-hook-form form, by name: the registration and the error message. */
export function fieldProps<T extends FieldValues, C, O>({ form, name }: BoundField<T, C, O>) {
  return {
    registration: form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}
