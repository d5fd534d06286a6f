import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { RequiredNote } from '../catalogue/required-mark';
import { ErrorAlert } from '../ui/error-alert';

/** Each form's accessible name and its submit button's label, for a new entry and for an edit. */
const LABELS = {
  Act: { create: ['New act', 'Create Act'], edit: ['Edit act', 'Save Act'] },
  Venue: { create: ['New venue', 'Create Venue'], edit: ['Edit venue', 'Save Venue'] },
} as const;

interface EntryFormProps {
  kind: keyof typeof LABELS;
  mode: 'create' | 'edit';
  /** The form's submit (react-hook-form's) and why the last one failed, shown under the buttons. */
  sending: { submit: FormEventHandler<HTMLFormElement>; failure: string | null };
  busy: boolean;
  /** Where Cancel goes back to, leaving the form unsent. */
  cancelTo: string;
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of a form that creates or edits a venue or an act: the required-fields note above the
 * fields; below them the submit button, Cancel, and why the last submit failed.
 */
export function EntryForm({ kind, mode, sending, busy, cancelTo, children }: EntryFormProps) {
  const [label, submitLabel] = LABELS[kind][mode];
  const { submit, failure } = sending;
  return (
    <Form noValidate onSubmit={submit} aria-label={label}>
      <RequiredNote />
      {children}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        <Link className="btn btn-outline-secondary" to={cancelTo}>
          Cancel
        </Link>
      </div>
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
    </Form>
  );
}
