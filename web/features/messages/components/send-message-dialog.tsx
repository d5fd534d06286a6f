import Button from 'react-bootstrap/Button';
import { Dialog } from '../../../components/ui/dialog';

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
    <Dialog
      show={show}
      onHide={onCancel}
      id="send-message"
      title="Send Message?"
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={pending}>
            Send it
          </Button>
        </>
      }
    >
      Are you sure you want to send this message to &quot;{name}&quot;?
    </Dialog>
  );
}
