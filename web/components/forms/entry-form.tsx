import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { RequiredNote } from '../catalogue/required-mark';
import { ErrorAlert } from '../ui/error-alert';

interface EntryFormProps {
  /** The form's accessible name, e.g. 'New act'. */
  label: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  /** Where Cancel goes back to, leaving the form unsent. */
  cancelTo: string;
  /** Why the last submit failed, shown under the buttons. */
  failure: string | null;
  /** The fields. */
  children: ReactNode;
}

/**
 * The frame of a form that creates or edits a venue or an act: the required-fields note above the
 * fields; below them the submit button, Cancel, and why the last submit failed.
 */
export function EntryForm({ label, submitLabel, onSubmit, busy, cancelTo, failure, children }: EntryFormProps) {
  return (
    <Form noValidate onSubmit={onSubmit} aria-label={label}>
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
