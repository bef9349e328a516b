import { useEffect } from 'react';
import { Alert, ListGroup } from 'react-bootstrap';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../shared/page-header.component';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectOpenAlarm } from '../alarms.selectors';
import { asksToAcknowledge } from '../alarm-links.util';
import {
  alarmAcknowledgeFromNotification,
  alarmDetailClosed,
  alarmDetailRequested,
  alarmsViewOpened,
} from '../alarms.slice';
import { AlarmRow } from './alarm-row.component';
import { AlarmTimeline } from './alarm-timeline.component';
import './alarms.css';

/** Alarm ids are digits only; anything else goes back to the list. */
const DIGITS = /^\d+$/;

/**
 * /alarms/:id: the alarm as the list shows it, Acknowledge while nobody did, and its timeline. With
 * `?acknowledge=1` (Acknowledge chosen on the alarm's notification) it is acknowledged at once, and
 * the query is dropped so that a reload or a shared link does not acknowledge again.
 */
export function AlarmDetailPage() {
  const { id = '' } = useParams();
  if (!DIGITS.test(id)) return <Navigate to="/alarms" replace />;
  return <AlarmDetail id={Number(id)} />;
}

function AlarmDetail({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  const { view, timeline, error } = useAppSelector((state) => selectOpenAlarm(state, id));
  const [search, setSearch] = useSearchParams();
  const acknowledging = asksToAcknowledge(search);

  useEffect(() => {
    dispatch(alarmsViewOpened());
  }, [dispatch]);
  useEffect(() => {
    if (!acknowledging) return;
    dispatch(alarmAcknowledgeFromNotification(id));
    setSearch({}, { replace: true });
  }, [acknowledging, dispatch, id, setSearch]);
  useEffect(() => {
    dispatch(alarmDetailRequested(id));
    return () => {
      dispatch(alarmDetailClosed(id));
    };
  }, [dispatch, id]);

  const title = view ? `${view.kindLabel}: ${view.title}` : `Alarm ${id}`;
  return (
    <>
      <PageHeader
        crumbs={[{ label: 'Alarms', to: '/alarms' }, { label: title }]}
        title={title}
        subtitle={view?.siteName}
      />
      {error && <Alert variant="danger">{error}</Alert>}
      {!error && !timeline && <p className="text-muted">Loading alarm...</p>}
      {view && (
        <ListGroup className="mb-4">
          <AlarmRow alarm={view} linkTitle={false} />
        </ListGroup>
      )}
      {timeline && (
        <>
          <h2 className="h5">Timeline</h2>
          <AlarmTimeline rows={timeline} />
        </>
      )}
    </>
  );
}
