import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';

/**
 * A 400 names each invalid field (`fields`); those the form shows go beside their field.
 * Returns whether any did, so the caller shows the rest as one message.
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.body.fields) return false;
  let shown = false;
  for (const [field, message] of Object.entries(error.body.fields)) {
    // 'available_slots.0.slot_def' belongs to the available_slots group.
    const name = fieldNames.find((n) => field === n || field.startsWith(`${n}.`));
    if (name) {
      setError(name, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}
