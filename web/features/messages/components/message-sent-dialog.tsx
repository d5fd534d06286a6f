import Button from 'react-bootstrap/Button';
import { Dialog } from '../../../components/ui/dialog';

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
    <Dialog
      show={show}
      onHide={onClose}
      id="message-sent"
      title="Message Sent"
      actions={
        <Button variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      Your message was sent via e-mail. Any answer will come to you by e-mail as well.
    </Dialog>
  );
}
