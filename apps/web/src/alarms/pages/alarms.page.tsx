import { useEffect } from 'react';
import { Alert, ListGroup } from 'react-bootstrap';
import { PageHeader } from '../../shared/page-header.component';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectAlarmsError, selectAlarmsLoaded, selectAlarmViews } from '../alarms.selectors';
import { alarmsViewOpened } from '../alarms.slice';
import { AlarmRow } from './alarm-row.component';
import './alarms.css';

const NO_ALARMS_MESSAGE = 'No alarms need attention.';

/** /alarms: every alarm of the user's sites that needs someone, fire first, then the latest handled. */
export function AlarmsPage() {
  const dispatch = useAppDispatch();
  const loaded = useAppSelector(selectAlarmsLoaded);
  const error = useAppSelector(selectAlarmsError);
  const alarms = useAppSelector(selectAlarmViews);

  useEffect(() => {
    dispatch(alarmsViewOpened());
  }, [dispatch]);

  return (
    <>
      <PageHeader crumbs={[{ label: 'Alarms' }]} title="Alarms" subtitle="Alarms of all your sites" />
      {error && <Alert variant="danger">{error}</Alert>}
      {!loaded && <p className="text-muted">Loading alarms...</p>}
      {loaded && !error && alarms.length === 0 && <p className="alarms__empty">{NO_ALARMS_MESSAGE}</p>}
      <ListGroup className="alarms" data-testid="alarms-list">
        {alarms.map((alarm) => (
          <AlarmRow key={alarm.id} alarm={alarm} />
        ))}
      </ListGroup>
    </>
  );
}
