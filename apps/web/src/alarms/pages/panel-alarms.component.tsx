import { useEffect } from 'react';
import { ListGroup } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelAlarms } from '../alarms.selectors';
import { alarmsLoadRequested } from '../alarms.slice';
import { AlarmRow } from './alarm-row.component';
import './alarms.css';

/** Above a panel network's Status: its alarms (and the whole panel's) that are active or unacknowledged. */
export function PanelAlarms({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const dispatch = useAppDispatch();
  const alarms = useAppSelector((state) => selectPanelAlarms(state, hwaddr, networkId));
  // Asked again as the screen opens, as the site's data is; the feed keeps it from then on.
  useEffect(() => {
    dispatch(alarmsLoadRequested());
  }, [dispatch]);
  if (alarms.length === 0) return null;
  return (
    <section className="panel-alarms mb-3" aria-labelledby="panel-alarms-title" data-testid="panel-alarms">
      <h2 id="panel-alarms-title" className="h5">
        Alarms
      </h2>
      <ListGroup>
        {alarms.map((alarm) => (
          <AlarmRow key={alarm.id} alarm={alarm} />
        ))}
      </ListGroup>
    </section>
  );
}
