import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

interface DialogProps {
  show: boolean;
  /** Escape, the close button and a click outside all call it. */
  onHide: () => void;
  /** Prefix of the ids of the title and the text, which name and describe the dialog. */
  id: string;
  title: string;
  /** The dialog's text. */
  children: ReactNode;
  /** The buttons at its foot. */
  actions: ReactNode;
}

/** A centred modal dialog named by its title and described by its text, with its buttons below. */
export function Dialog({ show, onHide, id, title, children, actions }: DialogProps) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} centered>
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id={`${id}-text`}>{children}</Modal.Body>
      <Modal.Footer>{actions}</Modal.Footer>
    </Modal>
  );
}
