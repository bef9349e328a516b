import { Button } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectAcknowledge, type AlarmView } from '../alarms.selectors';
import { alarmAcknowledgeClosed, alarmAcknowledgeOpened, alarmAcknowledgeRequested } from '../alarms.slice';
import { AcknowledgeAlarmDialog } from './acknowledge-alarm.dialog';

/**
 * 'Acknowledge' and its dialog, wherever an alarm nobody acknowledged shows (the Alarms list and an
 * alarm's page, a panel's Status, a site's tile). The dialog closes once the API acknowledged it.
 */
export function AcknowledgeAlarmButton({
  alarm,
  size,
  className,
  testId = 'acknowledge-alarm',
}: {
  alarm: AlarmView;
  size?: 'sm';
  className?: string;
  testId?: string;
}) {
  const dispatch = useAppDispatch();
  const { alarmId, status } = useAppSelector(selectAcknowledge);
  const open = alarmId === alarm.id;
  return (
    <>
      <Button
        size={size}
        variant={alarm.kind === 'fire' ? 'danger' : 'primary'}
        className={className}
        title={`Acknowledge ${alarm.kindLabel.toLowerCase()}: ${alarm.title} at ${alarm.siteName}`}
        data-testid={testId}
        data-alarm-id={alarm.id}
        onClick={() => dispatch(alarmAcknowledgeOpened(alarm.id))}
      >
        Acknowledge
      </Button>
      {open && (
        <AcknowledgeAlarmDialog
          alarm={alarm}
          pending={status.pending}
          error={status.error}
          onCancel={() => dispatch(alarmAcknowledgeClosed())}
          onAcknowledge={(note) => dispatch(alarmAcknowledgeRequested({ id: alarm.id, note }))}
        />
      )}
    </>
  );
}
