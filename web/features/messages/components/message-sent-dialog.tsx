import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface MessageSentDialogProps {
  show: boolean;
  /**
   * Every way of closing it (OK, Escape, the close button) goes back to the venue list or the
   * act list, as OK does: the message is sent, so the form has nothing left to offer.
   */
  onClose: () => void;
}

/** docs/behaviour.md#contact-an-owner: shown after the page reloads with result=success. */
export function MessageSentDialog({ show, onClose }: MessageSentDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onClose}
      aria-labelledby="message-sent-title"
      aria-describedby="message-sent-text"
      centered
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="message-sent-title" as="h2" className="h5">
          Message Sent
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="message-sent-text">
        Your message was sent via e-mail. Any answer will come to you by e-mail as well.
      </Modal.Body>
      <Modal.Footer>
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
