import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { hwaddrToColonForm, RELAY_PULSE_MAX_SECONDS, type RelayActionDto } from '@app/contracts';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectActionForm, selectActionNoControlReason, selectActionTest } from '../relays.selectors';
import { relayActionDeleteRequested, relayActionSaveRequested, relayActionTestRequested } from '../relays.slice';
import {
  actionDraft,
  draftSettings,
  IO_PORTS,
  isActionDirty,
  RELAY_OUTPUTS,
  secondsError,
  type ActionDraft,
  type TriggerDraft,
  type TriggerKey,
} from '../relay-action-card.util';

const TRIGGERS: [TriggerKey, string][] = [
  ['on_fire', 'On Fire Event'],
  ['on_fault', 'On Fault Event'],
];

function TriggerFields({
  idPrefix,
  title,
  draft,
  noControl,
  onChange,
}: {
  idPrefix: string;
  title: string;
  draft: TriggerDraft;
  /** Why the user's role on the site may not change it: every field disabled, with this title; null when it may. */
  noControl: string | null;
  onChange: (draft: TriggerDraft) => void;
}) {
  return (
    <fieldset className="relay-trigger" disabled={noControl !== null} title={noControl ?? undefined}>
      <legend className="h6">{title}</legend>
      {RELAY_OUTPUTS.map((output, index) => {
        const error = secondsError(draft[output]);
        return (
          <Form.Group key={output} className="mb-2" controlId={`${idPrefix}-${output}`}>
            <Form.Label>Trigger relay {index + 1} for (seconds)</Form.Label>
            <Form.Control
              type="number"
              min={0}
              max={RELAY_PULSE_MAX_SECONDS}
              step={1}
              required
              value={draft[output]}
              isInvalid={!!error}
              onChange={(event) => onChange({ ...draft, [output]: event.target.value })}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <div className="d-flex flex-wrap gap-3">
        {IO_PORTS.map((port, index) => (
          <Form.Check
            key={port}
            type="switch"
            id={`${idPrefix}-${port}`}
            label={`I/O port ${index + 1}`}
            checked={draft[port]}
            onChange={(event) => onChange({ ...draft, [port]: event.target.checked })}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** One action (spec 2.9): headed by the site's name and colon-formatted MAC; Save only when changed. */
export function RelayActionCard({
  relayId,
  action,
  siteName,
}: {
  relayId: number;
  action: RelayActionDto;
  siteName?: string;
}) {
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => selectActionForm(state, action.id));
  const [draft, setDraft] = useState<ActionDraft>(() => actionDraft(action));
  const dirty = isActionDirty(draft, action);
  const settings = draftSettings(draft);
  const mac = hwaddrToColonForm(action.hwaddr);
  const test = useAppSelector((state) => selectActionTest(state, action.id));
  const testLabel = (trigger: TriggerKey) => (trigger === 'on_fire' ? 'fire' : 'fault');
  // An action on a site the user only watches is shown, disabled, and why.
  const noControl = useAppSelector((state) => selectActionNoControlReason(state, action.hwaddr));
  const locked = noControl !== null;

  const save = () => {
    if (settings)
      dispatch(relayActionSaveRequested({ relayId, action: { id: action.id, hwaddr: action.hwaddr, ...settings } }));
  };
  const remove = () => {
    if (window.confirm('Delete this action?')) dispatch(relayActionDeleteRequested({ relayId, actionId: action.id }));
  };

  return (
    <Card className="mb-3 relay-action" data-hwaddr={action.hwaddr}>
      <Card.Header>
        {/* An unnamed site is named by its MAC: shown once. */}
        <strong>{siteName || mac}</strong>
        {siteName && `: ${mac}`}
      </Card.Header>
      <Card.Body>
        <NoControlRightNote reason={noControl} />
        {status.error && (
          <Alert variant="danger" role="alert">
            {status.error}
          </Alert>
        )}
        {test.error && (
          <Alert variant="danger" role="alert">
            Test action ({test.trigger}): {test.error}
          </Alert>
        )}
        {test.done && (
          <Alert variant="success" role="status">
            Test action ({test.trigger}): the relay was driven once with the saved settings. Check the wiring.
          </Alert>
        )}
        <Row>
          {TRIGGERS.map(([trigger, title]) => (
            <Col md={6} key={trigger} className="mb-3 mb-md-0">
              <TriggerFields
                idPrefix={`action-${action.id}-${trigger}`}
                title={title}
                draft={draft[trigger]}
                noControl={noControl}
                onChange={(next) => setDraft({ ...draft, [trigger]: next })}
              />
              <Button
                variant="outline-secondary"
                size="sm"
                className="mt-2"
                aria-label={`Test action on ${testLabel(trigger)}`}
                title={
                  noControl ??
                  (dirty
                    ? 'Save first: the test drives the saved settings'
                    : 'Drive these settings once to check the wiring')
                }
                disabled={dirty || test.pending || locked}
                onClick={() =>
                  dispatch(relayActionTestRequested({ relayId, actionId: action.id, trigger: testLabel(trigger) }))
                }
              >
                {test.pending && test.trigger === testLabel(trigger) ? 'Testing…' : 'Test action'}
              </Button>
            </Col>
          ))}
        </Row>
      </Card.Body>
      <Card.Footer className="d-flex gap-2">
        <Button
          onClick={save}
          disabled={!dirty || !settings || status.pending || locked}
          title={noControl ?? undefined}
        >
          Save
        </Button>
        {/* Deleting only stops the user's own relay reacting to the site: a viewer may still do it. */}
        <Button variant="outline-danger" onClick={remove} disabled={status.pending}>
          Delete
        </Button>
        {status.done && !dirty && (
          <span className="align-self-center text-success" role="status">
            Saved
          </span>
        )}
      </Card.Footer>
    </Card>
  );
}
