/** The visible mark of a required field; screen readers get aria-required on the field instead. */
export function RequiredMark() {
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

export function RequiredNote() {
  return (
    <p className="small text-body-secondary">
      Fields marked <span className="text-danger">*</span> are required.
    </p>
  );
}
