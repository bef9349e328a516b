import { Button, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  MESSAGES,
  modeLabel,
  PANEL_TEXT_MAX_LENGTH,
  SELECTABLE_MODES,
  zoneBadgeNumber,
  type Mode,
} from '@app/contracts';
import { zoneSaveRequested } from '../panels.slice';
import { useDirtyForm } from './use-dirty-form.hook';
import { usePanelEditor } from './use-panel-editor.hook';
import { zoneProblems } from './zone-form.util';

/** A zone's ID, Name (at most 47) and Mode (every mode but none) (spec 2.16). */
export function ZoneEditorPage({
  hwaddr,
  networkId,
  zoneId,
  base,
}: {
  hwaddr: string;
  networkId: number;
  zoneId: number;
  base: string;
}) {
  const { dispatch, network, status, disabled, noControlTitle } = usePanelEditor(
    hwaddr,
    networkId,
    'zone',
    String(zoneId),
  );
  const zone = network?.zones.find((candidate) => candidate.id === zoneId);
  const form = useDirtyForm(zone, status);
  if (!network?.configured) return <p className="text-muted">{MESSAGES.loadingZone}</p>;
  if (!zone || !form.values) return <p className="text-muted">This panel has no zone {zoneId + 1}.</p>;
  const values = form.values;
  const problems = zoneProblems(values);

  return (
    <Form
      noValidate
      className="panel-editor"
      title={noControlTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length > 0) return;
        form.sending();
        dispatch(
          zoneSaveRequested({
            target: { hwaddr, networkId },
            request: { id: values.id, name: values.name, mode: values.mode },
          }),
        );
      }}
    >
      <h2 className="h5">
        <Link to={`${base}/devices`}>Devices</Link> / Zone {zoneBadgeNumber(zone.id)}
      </h2>
      <Form.Group className="mb-3" controlId="zone-id">
        <Form.Label>ID</Form.Label>
        <Form.Control value={zone.id} readOnly plaintext />
      </Form.Group>
      <Form.Group className="mb-3" controlId="zone-name">
        <Form.Label>Name</Form.Label>
        <Form.Control
          value={values.name}
          maxLength={PANEL_TEXT_MAX_LENGTH}
          disabled={disabled}
          isInvalid={problems.name !== undefined}
          onChange={(event) => form.change({ name: event.target.value })}
        />
        <Form.Control.Feedback type="invalid">{problems.name}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="zone-mode">
        <Form.Label>Mode</Form.Label>
        <Form.Select
          value={values.mode}
          disabled={disabled}
          isInvalid={problems.mode !== undefined}
          onChange={(event) => form.change({ mode: event.target.value as Mode })}
        >
          {values.mode === 'MODE_NONE' && <option value="MODE_NONE">Choose a mode</option>}
          {SELECTABLE_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {modeLabel(mode)}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{problems.mode}</Form.Control.Feedback>
      </Form.Group>
      {status.error && (
        <p className="text-danger" role="alert">
          {status.error}
        </p>
      )}
      <Button
        type="submit"
        disabled={!form.dirty || disabled || Object.keys(problems).length > 0}
        title={noControlTitle}
      >
        {status.pending ? 'Saving...' : 'Save'}
      </Button>
    </Form>
  );
}
