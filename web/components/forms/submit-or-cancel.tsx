import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';

interface SubmitOrCancelProps {
  label: string;
  busy: boolean;
  /** Where Cancel goes back to. */
  cancelTo: string;
}

/** A form's submit button, with a Cancel link beside it that leaves the form unsent. */
export function SubmitOrCancel({ label, busy, cancelTo }: SubmitOrCancelProps) {
  return (
    <div className="d-flex gap-2">
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
      <Link className="btn btn-outline-secondary" to={cancelTo}>
        Cancel
      </Link>
    </div>
  );
}
