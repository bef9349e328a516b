import { useState } from 'react';
import { Alert, Badge, Button, Form, Modal } from 'react-bootstrap';
import { ALARM_NOTE_MAX_LENGTH } from '@app/contracts';
import type { AlarmView } from '../alarms.selectors';

/** Acknowledge an alarm, with an optional note for whoever reads its timeline. */
export function AcknowledgeAlarmDialog({
  alarm,
  pending,
  error,
  onCancel,
  onAcknowledge,
}: {
  alarm: AlarmView;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onAcknowledge: (note: string) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="acknowledge-alarm-title" data-testid="acknowledge-dialog">
      <Modal.Header closeButton>
        <Modal.Title id="acknowledge-alarm-title">Acknowledge alarm</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <p className="mb-3">
          <Badge bg={alarm.kindBg} text={alarm.kindText} className="me-2">
            {alarm.kindLabel}
          </Badge>
          <strong>{alarm.siteName}</strong>
          {alarm.panelText && <>, {alarm.panelText}</>}: {alarm.title}
        </p>
        <Form.Group controlId="acknowledge-alarm-note">
          <Form.Label>Note (optional)</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            value={note}
            maxLength={ALARM_NOTE_MAX_LENGTH}
            onChange={(event) => setNote(event.target.value)}
          />
          <Form.Text>
            {note.length}/{ALARM_NOTE_MAX_LENGTH}
          </Form.Text>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" disabled={pending} onClick={() => onAcknowledge(note.trim())}>
          Acknowledge
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
