import { useMemo } from 'react';
import { Button, Col, Form, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { modeLabel, moduleLabel, PANEL_TEXT_MAX_LENGTH, zoneBadgeNumber, type Mode } from '@app/contracts';
import {
  deviceEditorShape,
  deviceFormOf,
  deviceFormProblems,
  deviceSaveOf,
  type DeviceForm,
  type DeviceFormField,
} from '../device-form.util';
import { deviceSaveRequested } from '../panels.slice';
import { useDirtyForm } from './use-dirty-form.hook';
import { usePanelEditor } from './use-panel-editor.hook';

const NUMBER_FIELDS: ReadonlyArray<{
  field: DeviceFormField & ('address' | 'inputType' | 'resetTime' | 'sounderType' | 'relayType');
  label: string;
}> = [
  { field: 'address', label: 'Address' },
  { field: 'inputType', label: 'Input type' },
  { field: 'resetTime', label: 'Reset time (seconds)' },
  { field: 'sounderType', label: 'Sounder type' },
  { field: 'relayType', label: 'Relay type' },
];

/** A device's type, Name (at most 47), Zone and the settings of its port type (spec 2.18). */
export function DeviceEditorPage(props: {
  hwaddr: string;
  networkId: number;
  portId: number;
  deviceId: number;
  base: string;
}) {
  const { hwaddr, networkId, portId, deviceId, base } = props;
  const { dispatch, network, status, disabled, noControlTitle } = usePanelEditor(
    hwaddr,
    networkId,
    'device',
    `${portId}/${deviceId}`,
  );
  const module = network?.modules.find((candidate) => candidate.port_id === portId);
  const device = network?.devices.find((candidate) => candidate.port_id === portId && candidate.mod_idx === deviceId);
  const source = useMemo(() => (device ? deviceFormOf(device) : undefined), [device]);
  const form = useDirtyForm<DeviceForm>(source, status);
  if (!network?.configured) return <p className="text-muted">Loading device...</p>;
  if (!module || !device || !form.values)
    return (
      <p className="text-muted">
        This panel has no device {deviceId} on port {portId}.
      </p>
    );
  const values = form.values;
  const shape = deviceEditorShape(module.port_type, device);
  const problems = deviceFormProblems(
    values,
    shape,
    network.zones.map((zone) => zone.id),
  );
  const has = (field: string) => (shape.fields as readonly string[]).includes(field);

  return (
    <Form
      noValidate
      className="panel-editor"
      title={noControlTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (Object.keys(problems).length > 0) return;
        form.sending();
        dispatch(deviceSaveRequested({ target: { hwaddr, networkId }, request: deviceSaveOf(device, values, shape) }));
      }}
    >
      <h2 className="h5">
        <Link to={`${base}/modules/${portId}`}>{moduleLabel(module.port_id, module.port_type)}</Link> / Device{' '}
        {deviceId}
      </h2>
      <p className="text-muted" data-testid="device-type">
        {shape.type.name}
      </p>
      <Row>
        <Form.Group as={Col} md={6} className="mb-3" controlId="device-name">
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
        <Form.Group as={Col} md={6} className="mb-3" controlId="device-zone">
          <Form.Label>Zone</Form.Label>
          <Form.Select
            value={values.zone}
            disabled={disabled}
            isInvalid={problems.zone !== undefined}
            onChange={(event) => form.change({ zone: Number(event.target.value) })}
          >
            {network.zones.map((zone) => (
              <option key={zone.id} value={zone.id}>
                {zoneBadgeNumber(zone.id)} - {zone.name}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">{problems.zone}</Form.Control.Feedback>
        </Form.Group>
        {has('mode') && (
          <Form.Group as={Col} md={6} className="mb-3" controlId="device-mode">
            <Form.Label>Mode</Form.Label>
            <Form.Select
              value={values.mode}
              disabled={disabled}
              isInvalid={problems.mode !== undefined}
              onChange={(event) => form.change({ mode: event.target.value as Mode })}
            >
              {!shape.modes.includes(values.mode as Mode) && <option value={values.mode}>Choose a mode</option>}
              {shape.modes.map((mode) => (
                <option key={mode} value={mode}>
                  {modeLabel(mode)}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{problems.mode}</Form.Control.Feedback>
          </Form.Group>
        )}
        {has('isNormallyClosed') && (
          <Form.Group as={Col} md={6} className="mb-3">
            <Form.Check
              type="switch"
              id="device-normally-closed"
              label="Normally closed"
              checked={values.isNormallyClosed}
              disabled={disabled}
              onChange={(event) => form.change({ isNormallyClosed: event.target.checked })}
            />
          </Form.Group>
        )}
        {NUMBER_FIELDS.filter(({ field }) => has(field)).map(({ field, label }) => (
          <Form.Group as={Col} md={6} className="mb-3" controlId={`device-${field}`} key={field}>
            <Form.Label>{label}</Form.Label>
            <Form.Control
              // Whole numbers of at least 0, as the API takes them.
              type="number"
              min={0}
              step={1}
              inputMode="numeric"
              value={values[field]}
              disabled={disabled}
              isInvalid={problems[field] !== undefined}
              onChange={(event) => form.change({ [field]: event.target.value })}
            />
            <Form.Control.Feedback type="invalid">{problems[field]}</Form.Control.Feedback>
          </Form.Group>
        ))}
        {shape.optionChoices &&
          (['day', 'night'] as const).map((part) => (
            <Form.Group as={Col} md={6} className="mb-3" controlId={`device-${part}`} key={part}>
              <Form.Label>{part === 'day' ? 'Day' : 'Night'}</Form.Label>
              <Form.Select
                value={values[part]}
                disabled={disabled}
                isInvalid={problems[part] !== undefined}
                onChange={(event) => form.change({ [part]: Number(event.target.value) })}
              >
                {shape.optionChoices?.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Form.Select>
              <Form.Control.Feedback type="invalid">{problems[part]}</Form.Control.Feedback>
            </Form.Group>
          ))}
      </Row>
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
