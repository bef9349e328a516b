import { useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { MESSAGES } from '@app/contracts';

/** 'Remove access to this panel.' with its required confirmation checkbox (spec 2.12). */
export function RemoveAccessDialog({
  show,
  pending,
  error,
  onClose,
  onRemove,
}: {
  show: boolean;
  pending: boolean;
  error: string | null;
  onClose: () => void;
  onRemove: () => void;
}) {
  const [confirmed, setConfirmed] = useState(false);
  return (
    <Modal show={show} onHide={onClose} onExited={() => setConfirmed(false)}>
      <Modal.Header closeButton>
        <Modal.Title>{MESSAGES.removeAccessTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <p>{MESSAGES.removeAccessWarning}</p>
        <Form.Check
          id="remove-access-confirm"
          required
          label={MESSAGES.removeAccessConfirm}
          checked={confirmed}
          onChange={(e) => setConfirmed(e.target.checked)}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="danger" disabled={!confirmed || pending} onClick={onRemove}>
          Remove Access
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
