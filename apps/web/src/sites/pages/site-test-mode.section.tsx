import { useEffect, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { TEST_MODE_DURATIONS, TEST_MODE_REASON_MAX_LENGTH } from '@app/contracts';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectNoControlReason } from '../site-rights.selectors';
import { selectSiteTestMode } from '../sites.selectors';
import { testModeEndRequested, testModeStartRequested } from '../sites.slice';
import { testModeDurationLabel } from '../test-mode-duration.util';
import { useSiteForm } from './use-site-form.hook';
import { shownTime } from '../../shared/shown-time.util';

const DEFAULT_MINUTES = 60;

/**
 * Site Configuration's test mode (docs/test-mode.md): started for a chosen time with a reason, ended
 * by hand; while it lasts, who started it, why and until when.
 */
export function SiteTestModeSection({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const testMode = useAppSelector((state) => selectSiteTestMode(state, hwaddr));
  // A viewer sees the test mode and its form, disabled, and why.
  const noControl = useAppSelector((state) => selectNoControlReason(state, hwaddr));
  const title = noControl ?? undefined;
  const starting = useSiteForm('startTestMode');
  const ending = useSiteForm('endTestMode');
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const [reason, setReason] = useState('');
  // A started test mode clears the form for the next one.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the status turns done once per start
    if (starting.done) setReason('');
  }, [starting.done]);
  const trimmed = reason.trim();

  return (
    <section className="site-test-mode-settings mb-4" aria-labelledby="site-test-mode-title">
      <h2 id="site-test-mode-title" className="h5">
        Test mode
      </h2>
      <p className="text-muted small">
        While the site is in test mode, its events are still stored and shown, marked as test, but its relay actions and
        fire and fault e-mails are not sent. It ends by itself at the chosen time.
      </p>
      <NoControlRightNote reason={noControl} />
      {testMode ? (
        <>
          <p className="site-test-mode-settings__current">
            In test mode until {shownTime(testMode.until)}, started by {testMode.startedBy} on{' '}
            {shownTime(testMode.startedAt)}: {testMode.reason}
          </p>
          <Button
            variant="outline-primary"
            disabled={ending.pending || noControl !== null}
            title={title}
            onClick={() => dispatch(testModeEndRequested({ hwaddr }))}
          >
            End test mode
          </Button>
          {ending.error && (
            <Alert variant="danger" role="alert" className="mt-2">
              {ending.error}
            </Alert>
          )}
        </>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed && noControl === null)
              dispatch(testModeStartRequested({ hwaddr, request: { minutes, reason: trimmed } }));
          }}
        >
          <Form.Group className="mb-2" controlId="site-test-mode-duration">
            <Form.Label>Duration</Form.Label>
            <Form.Select
              value={minutes}
              disabled={noControl !== null}
              title={title}
              onChange={(event) => setMinutes(Number(event.target.value))}
            >
              {TEST_MODE_DURATIONS.map((duration) => (
                <option key={duration} value={duration}>
                  {testModeDurationLabel(duration)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group className="mb-2" controlId="site-test-mode-reason">
            <Form.Label>Reason</Form.Label>
            <Form.Control
              name="reason"
              value={reason}
              maxLength={TEST_MODE_REASON_MAX_LENGTH}
              placeholder="e.g. Quarterly detector tests"
              disabled={noControl !== null}
              title={title}
              onChange={(event) => setReason(event.target.value)}
            />
          </Form.Group>
          <Button type="submit" disabled={!trimmed || starting.pending || noControl !== null} title={title}>
            Start test mode
          </Button>
          {starting.error && (
            <Alert variant="danger" role="alert" className="mt-2">
              {starting.error}
            </Alert>
          )}
        </Form>
      )}
    </section>
  );
}
