import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** A text field's tie to its react-hook-form form, by name: the registration and the error message. */
export function fieldProps<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>) {
  return {
    registration: form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}
