import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface MessageSentDialogProps {
  show: boolean;
  /** OK: back to the venue list or the act list (spec 2). */
  onOk: () => void;
  /** Closed some other way (Escape, the close button): stay on the page. */
  onClose: () => void;
}

/** Spec 2: shown after the page reloads with result=success. */
export function MessageSentDialog({ show, onOk, onClose }: MessageSentDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      aria-labelledby="message-sent-title"
      aria-describedby="message-sent-text"
      centered
    >
      <Modal.Header closeButton>
        <Modal.Title id="message-sent-title" as="h2" className="h5">
          Message Sent
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="message-sent-text">
        Your message was sent via e-mail. Any answer will come to you by e-mail as well.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onOk}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
