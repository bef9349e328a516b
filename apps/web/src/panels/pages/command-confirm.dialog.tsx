import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import type { PanelButton } from '@app/contracts';

/** Stopping the sounders or resetting while a fire is shown silences or clears a live alarm. */
function needsFireConfirmation(button: PanelButton, fireShown: boolean): boolean {
  return fireShown && (button.action === 'RESET' || (button.action === 'SOUNDER' && button.data === 'OFF'));
}

/**
 * Every remote command is confirmed in a dialog naming the site, the panel and the command; Reset
 * and Stop Sounders while a fire is shown also need the 'I confirm…' box ticked.
 */
export function CommandConfirmDialog({
  button,
  siteName,
  panelName,
  fireShown,
  onConfirm,
  onCancel,
}: {
  button: PanelButton;
  siteName: string;
  panelName: string;
  fireShown: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [ticked, setTicked] = useState(false);
  const mustTick = needsFireConfirmation(button, fireShown);
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="command-confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="command-confirm-title">{button.label}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Send <strong>{button.label}</strong> to <strong>{panelName}</strong> at <strong>{siteName}</strong>?
        </p>
        {mustTick && (
          <>
            <p className="text-danger">This panel is showing a fire.</p>
            <Form.Check
              id="command-confirm-fire"
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
              label={`I confirm I wish to ${button.label.toLowerCase()} while a fire is shown.`}
            />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={mustTick ? 'danger' : 'primary'} disabled={mustTick && !ticked} onClick={onConfirm}>
          Send {button.label}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
