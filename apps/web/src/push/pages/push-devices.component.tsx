import { memo } from 'react';
import { Badge, Button, ListGroup } from 'react-bootstrap';
import { requestIdle } from '../../shared/request-status';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { PUSH_TEXT } from '../push-messages.constants';
import { selectPush, selectPushDeviceRows, type PushDeviceRow } from '../push.selectors';
import { pushDeviceRemoveRequested, pushTestRequested } from '../push.slice';

/** One device: its name (this browser's marked), push service and dates, with 'Send a test' and 'Remove'. */
const PushDevice = memo(function PushDevice({ device }: { device: PushDeviceRow }) {
  const dispatch = useAppDispatch();
  const test = useAppSelector((state) => selectPush(state).tests[device.id] ?? requestIdle);
  const removal = useAppSelector((state) => selectPush(state).removals[device.id] ?? requestIdle);
  const error = removal.error ?? test.error;
  return (
    <ListGroup.Item data-testid="push-device" data-device-id={device.id}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <strong>{device.name}</strong>
        {device.thisDevice && <Badge bg="success">This device</Badge>}
        <span className="text-muted small">{device.service}</span>
      </div>
      <div className="small text-muted">
        {device.since} · {device.lastPush}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-2">
        <Button
          size="sm"
          variant="outline-primary"
          disabled={test.pending}
          onClick={() => dispatch(pushTestRequested(device.id))}
        >
          Send a test
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={removal.pending}
          onClick={() => dispatch(pushDeviceRemoveRequested(device.id))}
        >
          Remove
        </Button>
      </div>
      {test.done && <div className="form-text">{test.notice}</div>}
      {error && (
        <div className="text-danger small mt-1" role="alert">
          {error}
        </div>
      )}
    </ListGroup.Item>
  );
});

/** Every device the user turned alerts on for, in any browser; nothing where push is not set up and none is left. */
export function PushDevices() {
  const rows = useAppSelector(selectPushDeviceRows);
  const loaded = useAppSelector((state) => selectPush(state).loaded);
  const configured = useAppSelector((state) => selectPush(state).publicKey !== null);
  if (loaded && !configured && rows.length === 0) return null;
  return (
    <section className="mt-4" aria-labelledby="push-devices-title">
      <h3 id="push-devices-title" className="h6">
        Your devices
      </h3>
      {loaded && rows.length === 0 ? (
        <p className="text-muted small">{PUSH_TEXT.noDevices}</p>
      ) : (
        <ListGroup>
          {rows.map((device) => (
            <PushDevice key={device.id} device={device} />
          ))}
        </ListGroup>
      )}
    </section>
  );
}
