import { useEffect, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { PUSH_MESSAGES } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { PUSH_TEXT } from '../push-messages.constants';
import { selectPush, selectPushBlocked, selectThisDevicePush } from '../push.selectors';
import { pushSectionOpened, pushTurnOffRequested, pushTurnOnRequested } from '../push.slice';
import { PushDevices } from './push-devices.component';

/** Turning alerts on or off for this browser, as far as the portal and the browser allow. */
function ThisDevice() {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectThisDevicePush);
  const blocked = useAppSelector(selectPushBlocked);
  const { turnOn, turnOff } = useAppSelector(selectPush);

  if (state === 'checking') return <p className="text-muted">Checking alerts on this device…</p>;
  if (state === 'notConfigured') return <Alert variant="secondary">{PUSH_MESSAGES.notConfigured}</Alert>;
  if (state === 'unsupported')
    return (
      <Alert variant="secondary">
        <p className="mb-1">{PUSH_TEXT.unsupported}</p>
        <p className="small mb-0">{PUSH_TEXT.unsupportedHelp}</p>
      </Alert>
    );
  const failure = turnOn.error ?? turnOff.error;
  return (
    <>
      {state === 'on' ? (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="text-success fw-semibold" role="status">
            {PUSH_TEXT.on}
          </span>
          <Button
            variant="outline-secondary"
            disabled={turnOff.pending}
            onClick={() => dispatch(pushTurnOffRequested())}
          >
            Turn off on this device
          </Button>
        </div>
      ) : (
        <>
          {blocked && !failure && <Alert variant="warning">{PUSH_TEXT.blocked}</Alert>}
          <Button disabled={turnOn.pending} onClick={() => dispatch(pushTurnOnRequested())}>
            Turn on alerts on this device
          </Button>
        </>
      )}
      {failure && (
        <Alert variant="danger" role="alert" className="mt-2">
          {failure}
        </Alert>
      )}
    </>
  );
}

/** My Account's 'Alerts on this phone' (docs/web-client.md): this browser's alerts and every device of the user's. */
export function PushAlertsSection() {
  const dispatch = useAppDispatch();
  const { loadError } = useAppSelector(selectPush);
  // Until the opening has reset the buttons' statuses, an earlier visit's outcome would show.
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    dispatch(pushSectionOpened());
    // eslint-disable-next-line react-hooks/set-state-in-effect -- set once, after the store's reset
    setOpened(true);
  }, [dispatch]);

  return (
    <section className="push-alerts mt-5 narrow-form" aria-labelledby="push-alerts-title">
      <h2 id="push-alerts-title" className="h5">
        Alerts on this phone
      </h2>
      <p className="text-muted small">{PUSH_TEXT.intro}</p>
      {!opened ? null : loadError ? (
        <Alert variant="danger" role="alert">
          {loadError}
        </Alert>
      ) : (
        <>
          <ThisDevice />
          <PushDevices />
        </>
      )}
    </section>
  );
}
