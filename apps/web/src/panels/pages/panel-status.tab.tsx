import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card } from 'react-bootstrap';
import { isLocationShown, MESSAGES, PANEL_BUTTONS, type PanelButton } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { PanelAlarms } from '../../alarms/pages/panel-alarms.component';
import { runtimeViewOf } from '../panel-view.util';
import { selectLatestEvent, selectPanelForm, selectPanelFrame, selectPanelNetwork } from '../panels.selectors';
import { latestEventRequested, panelCommandRequested } from '../panels.slice';
import { CommandConfirmDialog } from './command-confirm.dialog';
import { RecentCommands } from './recent-commands.component';
import { RuntimeDisplay } from './runtime-display.component';
import { selectTimeDesyncThresholdSeconds } from '../../auth/auth.selectors';
import { shownPanelTime, shownTime } from '../../shared/shown-time.util';

/** Stopping the sounders or resetting silences or clears a live alarm. */
function clearsAlarm(button: PanelButton): boolean {
  return button.action === 'RESET' || (button.action === 'SOUNDER' && button.data === 'OFF');
}

function LatestEvent({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const dispatch = useAppDispatch();
  const latest = useAppSelector((state) => selectLatestEvent(state, { hwaddr, networkId }));
  const threshold = useAppSelector(selectTimeDesyncThresholdSeconds);
  useEffect(() => {
    dispatch(latestEventRequested({ hwaddr, networkId }));
  }, [dispatch, hwaddr, networkId]);
  if (!latest?.loaded) return null;
  if (!latest.event) return <p className="text-muted">{MESSAGES.noEventFound}</p>;
  const { event } = latest;
  const panelTime = shownPanelTime(event, threshold);
  return (
    <Card className="mb-3 latest-event" data-category={event.category}>
      <Card.Body>
        <Card.Subtitle className="mb-1 text-muted">
          Latest event · {shownTime(event.receivedAt)}
          {panelTime && <span className="latest-event__panel-time"> ({panelTime})</span>}
        </Card.Subtitle>
        <Card.Title className="mb-0">{event.title}</Card.Title>
        {isLocationShown(event.location) && <Card.Text className="mt-1">{event.location}</Card.Text>}
      </Card.Body>
    </Card>
  );
}

/**
 * The panel's status (spec 2.13): its alarms that are active or unacknowledged (docs/alarms.md),
 * latest event, the four commands, recent commands, runtime display.
 */
export function PanelStatusTab({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const dispatch = useAppDispatch();
  const frame = useAppSelector((state) => selectPanelFrame(state, hwaddr, networkId));
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const command = useAppSelector((state) => selectPanelForm(state, 'command'));
  const runtime = useMemo(() => (network ? runtimeViewOf(network) : null), [network]);
  const [asked, setAsked] = useState<PanelButton | null>(null);
  const fireShown = (runtime?.fires.length ?? 0) > 0;

  return (
    <>
      <PanelAlarms hwaddr={hwaddr} networkId={networkId} />
      <LatestEvent hwaddr={hwaddr} networkId={networkId} />
      <div className="d-flex flex-wrap gap-2 mb-2" role="group" aria-label="Panel commands">
        {PANEL_BUTTONS.map((button) => (
          <Button
            key={button.label}
            variant={button.action === 'RESET' ? 'danger' : 'outline-primary'}
            disabled={!frame.canControl || command.pending}
            title={frame.noControlReason ?? undefined}
            onClick={() => setAsked(button)}
          >
            {button.label}
          </Button>
        ))}
      </div>
      {!frame.connected && <p className="text-muted small">The panel is not connected: commands are unavailable.</p>}
      {asked && (
        <CommandConfirmDialog
          label={asked.label}
          siteName={frame.siteName}
          panelName={frame.panelName}
          clearsFireShown={fireShown && clearsAlarm(asked)}
          onCancel={() => setAsked(null)}
          onConfirm={() => {
            dispatch(
              panelCommandRequested({
                target: { hwaddr, networkId },
                command: { kind: 'button', action: asked.action, data: asked.data },
                label: `${frame.siteName}, ${frame.panelName}`,
              }),
            );
            setAsked(null);
          }}
        />
      )}
      <h2 className="h5 mt-4">Runtime</h2>
      {frame.connected ? (
        <RuntimeDisplay runtime={runtime} />
      ) : (
        <Alert variant="secondary">The panel is not connected to the cloud.</Alert>
      )}
      <RecentCommands hwaddr={hwaddr} networkId={networkId} />
    </>
  );
}
