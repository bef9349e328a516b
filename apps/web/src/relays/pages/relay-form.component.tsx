import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Form, Table } from 'react-bootstrap';
import {
  HOST_MAX_LENGTH,
  RELAY_NAME_MAX_LENGTH,
  RELAY_PASSWORD_LENGTH,
  RELAY_PORT_MAX,
  RELAY_PORT_MIN,
} from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectRelayForm, selectRelayVerify } from '../relays.selectors';
import {
  relayFormOpened,
  relayRemoveRequested,
  relaySaveRequested,
  relayVerifyRequested,
  relayVerifyReset,
} from '../relays.slice';
import {
  hasErrors,
  isRefusedTargetError,
  REFUSED_TARGET_GUIDANCE,
  relayFormErrors,
  relayRequestOf,
  type RelayFormValues,
} from '../relay-form.util';
import type { RelayVerifyState } from '../relays.slice';

/** The relay's answer to Verify Connection, or where it is (spec 2.8). */
function RelayInfoTable({ verify }: { verify: RelayVerifyState }) {
  const waiting =
    verify.phase === 'waiting' ? 'Waiting to verify' : verify.phase === 'connecting' ? 'Connecting to relay' : null;
  const cell = (value: (status: Extract<RelayVerifyState, { phase: 'verified' }>['status']) => string) => {
    if (verify.phase === 'verified') return value(verify.status);
    if (verify.phase === 'failed') return '';
    return waiting;
  };
  const rows: [string, (status: Extract<RelayVerifyState, { phase: 'verified' }>['status']) => string][] = [
    ['Module ID', (status) => String(status.moduleID)],
    ['System Firmware', (status) => `${status.firmware.system.major}.${status.firmware.system.minor}`],
    ['App Firmware', (status) => `${status.firmware.application.major}.${status.firmware.application.minor}`],
    ['Voltage', (status) => `${status.voltage} V`],
    ['Temp', (status) => `${status.temp} °C`],
  ];
  return (
    <Table bordered size="sm" className="relay-info" aria-label="Relay Info">
      <thead>
        <tr>
          <th colSpan={2}>Relay Info</th>
        </tr>
      </thead>
      <tbody>
        {verify.phase === 'failed' ? (
          <tr>
            <td colSpan={2} className="text-danger" role="status">
              {verify.error}
              {isRefusedTargetError(verify.error) && <p className="mb-0 mt-2 text-body">{REFUSED_TARGET_GUIDANCE}</p>}
            </td>
          </tr>
        ) : (
          rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={verify.phase === 'verified' ? '' : 'text-muted'}>{cell(value)}</td>
            </tr>
          ))
        )}
      </tbody>
    </Table>
  );
}

/**
 * The relay form (spec 2.8) of Add Relay and Edit Settings. When editing, an empty password keeps
 * the stored one (the API never returns it); verifying needs it typed again.
 */
export function RelayForm({ relayId, initial }: { relayId?: number; initial: RelayFormValues }) {
  const dispatch = useAppDispatch();
  const verify = useAppSelector(selectRelayVerify);
  const save = useAppSelector((state) => selectRelayForm(state, 'saveRelay'));
  const remove = useAppSelector((state) => selectRelayForm(state, 'removeRelay'));
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState(false);
  const editing = relayId !== undefined;

  useEffect(() => {
    dispatch(relayFormOpened());
  }, [dispatch]);

  const saveErrors = relayFormErrors(values, { passwordRequired: !editing });
  const verifyErrors = relayFormErrors(values, { passwordRequired: true });
  const shownErrors = touched ? saveErrors : {};

  const change = (field: keyof RelayFormValues) => (event: { target: { value: string } }) => {
    setValues({ ...values, [field]: event.target.value });
    if (field !== 'name' && verify.phase !== 'waiting') dispatch(relayVerifyReset());
  };

  const verifyConnection = () => {
    setTouched(true);
    if (hasErrors(verifyErrors)) return;
    const request = relayRequestOf(values);
    dispatch(relayVerifyRequested({ host: request.host, port: request.port, password: values.password }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(saveErrors)) return;
    dispatch(relaySaveRequested({ id: relayId, request: relayRequestOf(values) }));
  };

  const removeRelay = () => {
    if (relayId !== undefined && window.confirm('Delete this relay?')) dispatch(relayRemoveRequested(relayId));
  };

  const failure = save.error ?? remove.error;
  return (
    <Form onSubmit={submit} noValidate className="narrow-form relay-form">
      {failure && (
        <Alert variant="danger" role="alert">
          {failure}
          {isRefusedTargetError(failure) && <p className="mb-0 mt-2">{REFUSED_TARGET_GUIDANCE}</p>}
        </Alert>
      )}
      {editing && save.done && (
        <Alert variant="success" role="status">
          Relay settings saved.
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="relay-host">
        <Form.Label>IP address/DNS</Form.Label>
        <Form.Control
          name="host"
          required
          maxLength={HOST_MAX_LENGTH}
          value={values.host}
          onChange={change('host')}
          isInvalid={!!shownErrors.host}
          placeholder="relay.example.com"
        />
        <Form.Control.Feedback type="invalid">{shownErrors.host}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="relay-port">
        <Form.Label>Port</Form.Label>
        <Form.Control
          name="port"
          type="number"
          min={RELAY_PORT_MIN}
          max={RELAY_PORT_MAX}
          step={1}
          required
          value={values.port}
          onChange={change('port')}
          isInvalid={!!shownErrors.port}
        />
        <Form.Control.Feedback type="invalid">{shownErrors.port}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="relay-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          name="password"
          type="password"
          autoComplete="off"
          required={!editing}
          maxLength={RELAY_PASSWORD_LENGTH}
          value={values.password}
          onChange={change('password')}
          isInvalid={!!shownErrors.password}
        />
        <Form.Text muted>
          {editing
            ? 'Leave empty to keep the saved password; enter it to verify.'
            : "The relay's 32-character AES key."}
        </Form.Text>
        <Form.Control.Feedback type="invalid">{shownErrors.password}</Form.Control.Feedback>
      </Form.Group>
      <div className="mb-3">
        <Button variant="outline-primary" onClick={verifyConnection} disabled={verify.phase === 'connecting'}>
          Verify Connection
        </Button>
        {touched && !hasErrors(saveErrors) && hasErrors(verifyErrors) && verifyErrors.password && (
          <Form.Text className="ms-2 text-danger">{verifyErrors.password}</Form.Text>
        )}
      </div>
      <RelayInfoTable verify={verify} />
      <Form.Group className="mb-3" controlId="relay-name">
        <Form.Label>Relay Nickname</Form.Label>
        <Form.Control name="name" maxLength={RELAY_NAME_MAX_LENGTH} value={values.name} onChange={change('name')} />
      </Form.Group>
      <Button type="submit" disabled={save.pending}>
        {save.pending ? 'Saving…' : 'Save'}
      </Button>
      {editing && (
        <Button variant="danger" className="ms-2" onClick={removeRelay} disabled={remove.pending}>
          Remove Relay
        </Button>
      )}
    </Form>
  );
}
