import { useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorText } from '../../lib/api-client';
import { showFieldErrors } from '../catalogue/server-errors';

/**
 * Submits a form through `send`. The server's field errors (a 400's `fields`) go beside the fields
 * named in `fields`; any other failure comes back as `failure`, for one alert under the form.
 */
export function useFieldErrorSubmit<T extends FieldValues, C, O>(
  form: UseFormReturn<T, C, O>,
  fields: readonly Path<T>[],
  send: (values: O) => Promise<unknown>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      console.error(error);
      if (!showFieldErrors(error, form.setError, fields)) setFailure(errorText(error));
    }
  });
  return { submit, failure };
}
