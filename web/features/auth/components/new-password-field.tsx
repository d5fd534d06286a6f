import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { BoundField } from '../../../components/forms/field-props';
import { TextField } from '../../../components/ui/text-field';

interface NewPasswordFieldProps<T extends FieldValues, C, O> extends BoundField<T, C, O> {
  label: string;
  /** A standing hint under the field (register shows the password rule). */
  hint?: ReactNode;
}

/**
 * A password being chosen (register, reset password): a password input the browser's password
 * manager offers to fill with a new password (autocomplete "new-password").
 */
export function NewPasswordField<T extends FieldValues, C, O>(props: NewPasswordFieldProps<T, C, O>) {
  return <TextField {...props} type="password" autoComplete="new-password" />;
}
