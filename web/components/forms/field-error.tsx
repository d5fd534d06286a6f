/** The id of a field's error message: every form names it after the field, for aria-describedby. */
export const errorId = (fieldId: string) => `${fieldId}-error`;

/**
 * What marks a control invalid to the eye and to screen readers: Bootstrap's red outline,
 * aria-invalid, and aria-describedby on its error (while valid, on `describedBy` if given).
 */
export function invalidProps(fieldId: string, error: string | undefined, describedBy?: string) {
  return {
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId(fieldId) : describedBy,
  } as const;
}

/** A field's error message under it; nothing while the field is valid. */
export function FieldError({ fieldId, error }: { fieldId: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <div id={errorId(fieldId)} className="invalid-feedback d-block">
      {error}
    </div>
  );
}
