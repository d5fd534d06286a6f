import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * After a submit with errors, focus goes to the first invalid field in the order the form shows
 * them (react-hook-form's own focus lands on the last field it tries, past the errors above it).
 * A field is found by its `name`, as `register` gives it; a nested error (`slots.0.act`) by its start.
 */
export function focusFirstError<T extends FieldValues>(form: HTMLFormElement | null, errors: FieldErrors<T>): void {
  if (!form) return;
  const invalid = Object.keys(errors);
  const fields = form.querySelectorAll<HTMLElement & { name?: string }>('input[name], select[name], textarea[name]');
  const first = [...fields].find(
    (field) => field.name && invalid.some((name) => field.name === name || field.name!.startsWith(`${name}.`)),
  );
  first?.focus();
}
