import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { quietHoursProblem, type QuietHours } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { DEFAULT_QUIET_FROM, DEFAULT_QUIET_TO, QUIET_HOURS_TEXT } from '../quiet-hours-messages.constants';
import { selectQuietHours } from '../quiet-hours.selectors';
import { quietHoursSaveRequested, quietHoursSectionOpened } from '../quiet-hours.slice';
import { browserTimeZone, timeZoneChoices } from '../time-zones.util';

/** The form as edited: the span is kept while the switch is off, so turning it on again finds it. */
interface Draft extends QuietHours {
  on: boolean;
}

const valueOf = (draft: Draft): QuietHours | null =>
  draft.on ? { from: draft.from, to: draft.to, timeZone: draft.timeZone } : null;

const same = (a: QuietHours | null, b: QuietHours | null) =>
  a === null || b === null ? a === b : a.from === b.from && a.to === b.to && a.timeZone === b.timeZone;

/** The switch, the span and its zone, and Save. */
function QuietHoursForm() {
  const dispatch = useAppDispatch();
  const { quietHours, save } = useAppSelector(selectQuietHours);
  const [draft, setDraft] = useState<Draft>(() =>
    quietHours
      ? { on: true, ...quietHours }
      : { on: false, from: DEFAULT_QUIET_FROM, to: DEFAULT_QUIET_TO, timeZone: browserTimeZone() },
  );
  useEffect(() => {
    // The saved setting fills the form as it is read and saved; it is copied, not derived, as it is edited.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft((current) => (quietHours ? { on: true, ...quietHours } : { ...current, on: false }));
  }, [quietHours]);
  const zones = useMemo(() => timeZoneChoices(draft.timeZone), [draft.timeZone]);

  const value = valueOf(draft);
  const unchanged = same(value, quietHours);
  const problem = value ? quietHoursProblem(value) : null;
  const edit = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!unchanged && !problem) dispatch(quietHoursSaveRequested(value));
  };

  return (
    <Form onSubmit={submit}>
      <fieldset disabled={save.pending}>
        <Form.Group className="mb-3" controlId="quiet-hours-on">
          <Form.Check
            type="switch"
            name="quietHoursOn"
            label={QUIET_HOURS_TEXT.switchLabel}
            checked={draft.on}
            onChange={(e) => edit({ on: e.target.checked })}
          />
        </Form.Group>
        {draft.on && (
          <>
            <div className="d-flex flex-wrap gap-3 mb-3">
              {(['from', 'to'] as const).map((end) => (
                <Form.Group controlId={`quiet-hours-${end}`} key={end}>
                  <Form.Label>{end === 'from' ? 'From' : 'To'}</Form.Label>
                  <Form.Control
                    type="time"
                    name={end}
                    required
                    value={draft[end]}
                    onChange={(e) => edit({ [end]: e.target.value })}
                  />
                </Form.Group>
              ))}
            </div>
            <Form.Group className="mb-3" controlId="quiet-hours-time-zone">
              <Form.Label>Time zone</Form.Label>
              {zones.length > 0 ? (
                <Form.Select
                  name="timeZone"
                  value={draft.timeZone}
                  onChange={(e) => edit({ timeZone: e.target.value })}
                >
                  {zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone}
                    </option>
                  ))}
                </Form.Select>
              ) : (
                <Form.Control plaintext readOnly name="timeZone" value={draft.timeZone} />
              )}
            </Form.Group>
          </>
        )}
        <p className="small">{QUIET_HOURS_TEXT.fireAlways}</p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button type="submit" disabled={unchanged || problem !== null || save.pending}>
            Apply
          </Button>
          {problem && <span className="text-danger small">{problem}</span>}
          {/* The confirmation stays until the next edit. */}
          {save.done && unchanged && (
            <span className="text-success fw-semibold" role="status">
              {save.notice}
            </span>
          )}
        </div>
      </fieldset>
      {save.error && (
        <Alert variant="danger" role="alert" className="mt-2">
          {save.error}
        </Alert>
      )}
    </Form>
  );
}

/**
 * My Account's 'Quiet hours' (docs/alarms.md, "Quiet hours"): a daily span in which faults and
 * communication losses are not e-mailed or pushed to the user; fire always is.
 */
export function QuietHoursSection() {
  const { loaded, loadError } = useAppSelector(selectQuietHours);
  // False until the opening has reset the store: an earlier visit's state never shows.
  const opened = useSectionOpened(quietHoursSectionOpened);

  return (
    <section className="quiet-hours mt-5 narrow-form" aria-labelledby="quiet-hours-title">
      <h2 id="quiet-hours-title" className="h5">
        Quiet hours
      </h2>
      <p className="text-muted small">{QUIET_HOURS_TEXT.intro}</p>
      {!opened ? null : !loaded ? (
        <p className="text-muted">{QUIET_HOURS_TEXT.loading}</p>
      ) : loadError ? (
        <Alert variant="danger" role="alert">
          {loadError}
        </Alert>
      ) : (
        <QuietHoursForm />
      )}
    </section>
  );
}
