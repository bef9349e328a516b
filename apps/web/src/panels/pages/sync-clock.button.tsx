import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { panelCommandWebLabel } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelForm, selectPanelFrame } from '../panels.selectors';
import { panelCommandRequested } from '../panels.slice';
import { CommandConfirmDialog } from './command-confirm.dialog';

const LABEL = panelCommandWebLabel('syncClock');

/**
 * 'Sync panel clock': sets the panel's clock to the portal's time (what a time desync calls for).
 * Confirmed and answered like every command: a dialog, then a toast of what the panel did, and a
 * line in Recent commands. The clock is the panel's, so any of its networks carries the command.
 */
export function SyncClockButton({
  hwaddr,
  networkId,
  size,
}: {
  hwaddr: string;
  /** A network of the panel; none while the site's panels are not known yet. */
  networkId: number | undefined;
  size?: 'sm';
}) {
  const dispatch = useAppDispatch();
  const frame = useAppSelector((state) => selectPanelFrame(state, hwaddr, networkId ?? 0));
  const command = useAppSelector((state) => selectPanelForm(state, 'command'));
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button
        size={size}
        variant="outline-primary"
        disabled={networkId === undefined || !frame.canControl || command.pending}
        title={frame.noControlReason ?? undefined}
        onClick={() => setAsking(true)}
      >
        {LABEL}
      </Button>
      {asking && networkId !== undefined && (
        <CommandConfirmDialog
          label={LABEL}
          siteName={frame.siteName}
          panelName={frame.panelName}
          detail="The panel's clock is set to the portal's time."
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            dispatch(
              panelCommandRequested({
                target: { hwaddr, networkId },
                command: { kind: 'syncClock' },
                label: `${frame.siteName}, ${frame.panelName}`,
              }),
            );
            setAsking(false);
          }}
        />
      )}
    </>
  );
}
