import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface ConfirmDeleteDialogProps {
  show: boolean;
  /** What is being deleted, e.g. 'venue' or 'act'. */
  kind: string;
  /** Its name as people know it: an address or an act name. */
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Deleting cannot be undone, so it is asked once more. */
export function ConfirmDeleteDialog({ show, kind, name, pending, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  const titleId = `delete-${kind}-title`;
  return (
    <Modal show={show} onHide={onCancel} aria-labelledby={titleId} centered>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={titleId} as="h2" className="h5">
          Delete {kind}?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        Are you sure you want to delete the {kind} &quot;{name}&quot;? This cannot be undone.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          Delete
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
