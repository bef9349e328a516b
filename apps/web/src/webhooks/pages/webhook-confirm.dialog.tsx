import type { ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

/** A question before a change the receiver notices ('New secret', 'Remove'). */
export function WebhookConfirmDialog({
  show,
  title,
  confirmLabel,
  children,
  onConfirm,
  onClose,
}: {
  show: boolean;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal show={show} onHide={onClose}>
      <Modal.Header closeButton>
        <Modal.Title>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
