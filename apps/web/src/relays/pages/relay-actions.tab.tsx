import { useState } from 'react';
import { Alert, Button, Form, InputGroup } from 'react-bootstrap';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import {
  selectActionNoControlReason,
  selectActionSiteChoices,
  selectRelay,
  selectRelayForm,
  selectSiteNames,
} from '../relays.selectors';
import { relayActionAddRequested } from '../relays.slice';
import { RelayActionCard } from './relay-action-card.component';
import { RelayRuns } from './relay-runs.component';

/** The relay's actions (spec 2.9), then its recent runs. */
export function RelayActionsTab({ relayId }: { relayId: number }) {
  const dispatch = useAppDispatch();
  const relay = useAppSelector((state) => selectRelay(state, relayId));
  const choices = useAppSelector((state) => selectActionSiteChoices(state, relayId));
  const siteNames = useAppSelector(selectSiteNames);
  const add = useAppSelector((state) => selectRelayForm(state, 'addAction'));
  const [picked, setPicked] = useState('');
  const choice = choices.some((site) => site.hwaddr === picked) ? picked : (choices[0]?.hwaddr ?? '');
  // A site the user only watches is listed, with Add Action disabled and why.
  const noControl = useAppSelector((state) => selectActionNoControlReason(state, choice));

  if (!relay) return null;
  return (
    <>
      {add.error && (
        <Alert variant="danger" role="alert">
          {add.error}
        </Alert>
      )}
      <Form.Group className="mb-4 narrow-form" controlId="relay-action-site">
        <Form.Label>Setup actions for site</Form.Label>
        <InputGroup>
          <Form.Select
            value={choice}
            onChange={(event) => setPicked(event.target.value)}
            disabled={choices.length === 0}
          >
            {choices.length === 0 ? (
              <option value="">No other sites found</option>
            ) : (
              choices.map((site) => (
                <option key={site.hwaddr} value={site.hwaddr}>
                  {site.name}
                </option>
              ))
            )}
          </Form.Select>
          <Button
            onClick={() => dispatch(relayActionAddRequested({ relayId, hwaddr: choice }))}
            disabled={choice === '' || add.pending || noControl !== null}
            title={noControl ?? undefined}
          >
            Add Action
          </Button>
        </InputGroup>
        <NoControlRightNote reason={noControl} />
      </Form.Group>
      {relay.actions.map((action) => (
        <RelayActionCard
          key={`${action.id}:${JSON.stringify([action.on_fire, action.on_fault])}`}
          relayId={relayId}
          action={action}
          siteName={siteNames.get(action.hwaddr)}
        />
      ))}
      <RelayRuns relayId={relayId} />
    </>
  );
}
