import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { healthPollingStarted, healthPollingStopped } from '../system.slice';
import {
  selectHealthAwaitingFirstAnswer,
  selectHealthCheckRows,
  selectHealthError,
  selectHealthReport,
} from '../system.selectors';

export function SystemStatusBox() {
  const dispatch = useAppDispatch();
  const awaitingFirstAnswer = useAppSelector(selectHealthAwaitingFirstAnswer);
  const report = useAppSelector(selectHealthReport);
  const error = useAppSelector(selectHealthError);
  const rows = useAppSelector(selectHealthCheckRows);

  useEffect(() => {
    dispatch(healthPollingStarted());
    return () => {
      dispatch(healthPollingStopped());
    };
  }, [dispatch]);

  return (
    <div className="status-box" role="region" aria-label="System status">
      <h2 className="status-box__title">System status</h2>
      {awaitingFirstAnswer && <p className="status-box__checking">Checking…</p>}
      {error !== null && (
        <p className="status-box__error" role="alert">
          {error}
        </p>
      )}
      {report !== null && (
        <>
          <p className={`status-box__overall status-box__overall--${report.status}`}>
            {report.app}: {report.status === 'ok' ? 'all dependencies up' : 'a dependency is down'}
          </p>
          <ul className="status-box__checks">
            {rows.map((row) => (
              <li key={row.name} className={`status-box__check status-box__check--${row.up ? 'up' : 'down'}`}>
                <span className="status-box__check-name">{row.name}</span>
                <span className="status-box__check-state">{row.up ? 'up' : 'down'}</span>
                {row.reason !== undefined && <span className="status-box__check-reason">{row.reason}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
