import { useState, type ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

/**
 * Every remote command is confirmed in a dialog naming the site, the panel and the command. One
 * that silences or clears a live alarm (Reset, Stop Sounders) while a fire is shown also needs the
 * 'I confirm…' box ticked.
 */
export function CommandConfirmDialog({
  label,
  siteName,
  panelName,
  clearsFireShown = false,
  detail,
  onConfirm,
  onCancel,
}: {
  /** The command as its button names it. */
  label: string;
  siteName: string;
  panelName: string;
  /** The command would silence or clear the fire the panel is showing. */
  clearsFireShown?: boolean;
  /** What the command does, where its name does not say it all. */
  detail?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const [ticked, setTicked] = useState(false);
  const mustTick = clearsFireShown;
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="command-confirm-title">
      <Modal.Header closeButton>
        <Modal.Title id="command-confirm-title">{label}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          Send <strong>{label}</strong> to <strong>{panelName}</strong> at <strong>{siteName}</strong>?
        </p>
        {detail && <p>{detail}</p>}
        {mustTick && (
          <>
            <p className="text-danger">This panel is showing a fire.</p>
            <Form.Check
              id="command-confirm-fire"
              checked={ticked}
              onChange={(event) => setTicked(event.target.checked)}
              label={`I confirm I wish to ${label.toLowerCase()} while a fire is shown.`}
            />
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant={mustTick ? 'danger' : 'primary'} disabled={mustTick && !ticked} onClick={onConfirm}>
          Send {label}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
