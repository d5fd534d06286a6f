import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface SendMessageDialogProps {
  show: boolean;
  /** The venue's address or the act's name. */
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** docs/behaviour.md#contact-an-owner: the confirmation between 'Send message' and sending. */
export function SendMessageDialog({ show, name, pending, onConfirm, onCancel }: SendMessageDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onCancel}
      aria-labelledby="send-message-title"
      aria-describedby="send-message-text"
      centered
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="send-message-title" as="h2" className="h5">
          Send Message?
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="send-message-text">Are you sure you want to send this message to &quot;{name}&quot;?</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={pending}>
          Send it
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
