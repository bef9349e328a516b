import { useMemo } from 'react';
import { Button, Col, Form, Row, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import {
  HOST_MAX_LENGTH,
  MODULE_ADDRESS_MAX,
  MODULE_ADDRESS_MIN,
  moduleLabel,
  portTypeLabel,
  PRINTER_BIT_RATES,
  PRINTER_OPTION_LABELS,
  PRINTER_OPTIONS,
  TCP_MODE_LABELS,
  TCP_MODES,
  TCP_PORT_MAX,
  TCP_PORT_MIN,
  type TcpMode,
} from '@app/contracts';
import {
  moduleFormOf,
  moduleFormProblems,
  moduleSettingsOf,
  type ModuleForm,
  type ModuleFormField,
} from '../module-form.util';
import { deviceRowOf } from '../panel-view.util';
import { moduleSaveRequested } from '../panels.slice';
import { useDirtyForm } from './use-dirty-form.hook';
import { usePanelEditor } from './use-panel-editor.hook';

/** What an input holds at most, as the API's validation has it: a user cannot type past it. */
interface InputLimits {
  type?: 'number';
  min?: number;
  max?: number;
  step?: number;
  maxLength?: number;
}

const ADDRESS_LIMITS: InputLimits = { type: 'number', min: MODULE_ADDRESS_MIN, max: MODULE_ADDRESS_MAX, step: 1 };

const TCP_FIELDS: ReadonlyArray<{
  field: ModuleFormField & keyof ModuleForm;
  label: string;
  limits?: InputLimits;
}> = [
  { field: 'cloudAddress', label: 'Cloud address', limits: { maxLength: HOST_MAX_LENGTH } },
  {
    field: 'cloudPort',
    label: 'Cloud port',
    limits: { type: 'number', min: TCP_PORT_MIN, max: TCP_PORT_MAX, step: 1 },
  },
  { field: 'ip', label: 'IP address' },
  { field: 'dns', label: 'DNS' },
  { field: 'mask', label: 'Subnet mask' },
  { field: 'gateway', label: 'Gateway' },
];

/** A module's ID and type, the fields of its port type, and its devices (spec 2.17). */
export function ModuleEditorPage({
  hwaddr,
  networkId,
  portId,
  base,
}: {
  hwaddr: string;
  networkId: number;
  portId: number;
  base: string;
}) {
  const { dispatch, network, status, disabled, noControlTitle } = usePanelEditor(
    hwaddr,
    networkId,
    'module',
    String(portId),
  );
  const module = network?.modules.find((candidate) => candidate.port_id === portId);
  const source = useMemo(() => (module ? moduleFormOf(module) : undefined), [module]);
  const form = useDirtyForm(source, status);
  const devices = useMemo(
    () =>
      network
        ? network.devices
            .filter((device) => device.port_id === portId)
            .map((device) => deviceRowOf(base, network.zones, device))
        : [],
    [network, portId, base],
  );
  if (!network?.configured) return <p className="text-muted">Loading module...</p>;
  if (!module || !form.values) return <p className="text-muted">This panel has no module on port {portId}.</p>;
  const values = form.values;
  const portType = module.port_type;
  const problems = moduleFormProblems(portType, values);
  const editable = portType === 'MOD_NWM' || portType === 'MOD_232' || portType === 'MOD_TCP';
  const text = (field: ModuleFormField & keyof ModuleForm, label: string, limits: InputLimits = {}) => (
    <Form.Group as={Col} md={6} className="mb-3" controlId={`module-${field}`} key={field}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...limits}
        value={String(values[field])}
        disabled={disabled}
        isInvalid={problems[field] !== undefined}
        onChange={(event) => form.change({ [field]: event.target.value })}
      />
      <Form.Control.Feedback type="invalid">{problems[field]}</Form.Control.Feedback>
    </Form.Group>
  );

  return (
    <>
      <Form
        noValidate
        className="panel-editor"
        title={noControlTitle}
        onSubmit={(event) => {
          event.preventDefault();
          if (Object.keys(problems).length > 0) return;
          form.sending();
          dispatch(
            moduleSaveRequested({
              target: { hwaddr, networkId },
              request: { port_id: module.port_id, settings: moduleSettingsOf(portType, values) },
            }),
          );
        }}
      >
        <h2 className="h5">
          <Link to={`${base}/modules`}>Modules</Link> / {moduleLabel(module.port_id, portType)}
        </h2>
        <dl className="row mb-3">
          <dt className="col-sm-2">ID</dt>
          <dd className="col-sm-10">{module.port_id}</dd>
          <dt className="col-sm-2">Type</dt>
          <dd className="col-sm-10">
            {portTypeLabel(portType)} ({portType})
          </dd>
        </dl>
        {portType === 'MOD_NWM' && (
          <Row>
            {text('address', 'Address', ADDRESS_LIMITS)}
            <Form.Group as={Col} md={6} className="mb-3">
              <Form.Check
                type="switch"
                id="module-enabled"
                label="Enabled"
                checked={values.enabled}
                disabled
                readOnly
              />
            </Form.Group>
          </Row>
        )}
        {portType === 'MOD_232' && (
          <>
            <Form.Group className="mb-3" controlId="module-bitRate">
              <Form.Label>Bit rate</Form.Label>
              <Form.Select
                value={values.bitRate}
                disabled={disabled}
                onChange={(event) => form.change({ bitRate: Number(event.target.value) })}
              >
                {PRINTER_BIT_RATES.map((rate) => (
                  <option key={rate.code} value={rate.code}>
                    {rate.label}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <div className="mb-3">
              {PRINTER_OPTIONS.map((option) => (
                <Form.Check
                  key={option}
                  type="switch"
                  id={`module-printer-${option}`}
                  label={PRINTER_OPTION_LABELS[option]}
                  checked={values.printer[option]}
                  disabled={disabled}
                  onChange={(event) => form.change({ printer: { ...values.printer, [option]: event.target.checked } })}
                />
              ))}
            </div>
          </>
        )}
        {portType === 'MOD_TCP' && (
          <Row>
            {TCP_FIELDS.map(({ field, label, limits }) => text(field, label, limits))}
            <Form.Group as={Col} md={6} className="mb-3" controlId="module-mode">
              <Form.Label>Mode</Form.Label>
              <Form.Select
                value={values.mode}
                disabled={disabled}
                onChange={(event) => form.change({ mode: event.target.value as TcpMode })}
              >
                {TCP_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {TCP_MODE_LABELS[mode]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Row>
        )}
        {status.error && (
          <p className="text-danger" role="alert">
            {status.error}
          </p>
        )}
        {editable && (
          <Button
            type="submit"
            disabled={!form.dirty || disabled || Object.keys(problems).length > 0}
            title={noControlTitle}
          >
            {status.pending ? 'Saving...' : 'Save'}
          </Button>
        )}
      </Form>
      <h3 className="h6 mt-4">Devices</h3>
      {devices.length === 0 ? (
        <p className="text-muted">No devices on this module.</p>
      ) : (
        <Table size="sm" striped responsive>
          <thead>
            <tr>
              <th>Type</th>
              <th>Zone</th>
              <th>Name</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.key}>
                <td>{device.typeName}</td>
                <td>{device.zoneName}</td>
                <td>{device.name}</td>
                <td className="text-end">
                  <Link to={device.link} aria-label={`Edit device ${device.name}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
