import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

interface DeleteActionProps {
  kind: string;
  name: string;
  pending: boolean;
  onDelete: () => Promise<unknown>;
}

/** The Delete button and its confirmation (issue 3: confirm before delete). */
export function DeleteAction({ kind, name, pending, onDelete }: DeleteActionProps) {
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await onDelete();
      setAsking(false);
    } catch (error) {
      // Spec 8: a failed save or delete is only logged.
      console.error(error);
      setAsking(false);
    }
  };
  return (
    <>
      <Button variant="outline-danger" size="sm" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDeleteDialog
        show={asking}
        kind={kind}
        name={name}
        pending={pending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

/** The row of buttons at the foot of a card. */
export function CardActions({ children }: { children: ReactNode }) {
  return <div className="d-flex flex-wrap gap-2 mt-3">{children}</div>;
}
