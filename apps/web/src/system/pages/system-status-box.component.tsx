import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { PORTAL_STATUS_TEXT } from '../portal-status-messages.constants';
import { portalStatusPollingStarted, portalStatusPollingStopped } from '../system.slice';
import {
  selectPortalStatusAwaitingFirstAnswer,
  selectPortalStatusError,
  selectPortalStatusLines,
} from '../system.selectors';

/** Whether the portal works, for the Help page of a signed-in user; asked while the box is shown. */
export function SystemStatusBox() {
  const dispatch = useAppDispatch();
  const awaitingFirstAnswer = useAppSelector(selectPortalStatusAwaitingFirstAnswer);
  const error = useAppSelector(selectPortalStatusError);
  const lines = useAppSelector(selectPortalStatusLines);

  useEffect(() => {
    dispatch(portalStatusPollingStarted());
    return () => {
      dispatch(portalStatusPollingStopped());
    };
  }, [dispatch]);

  return (
    <div className="status-box" role="region" aria-label="System status">
      <h2 className="status-box__title">System status</h2>
      {awaitingFirstAnswer && <p className="status-box__checking">{PORTAL_STATUS_TEXT.checking}</p>}
      {error !== null && (
        <p className="status-box__error" role="alert">
          {error}
        </p>
      )}
      {lines !== null && (
        <>
          <p className={`status-box__overall status-box__overall--${lines.status}`}>{lines.summary}</p>
          <p className="status-box__checked-at text-muted small mb-0">{lines.checkedAt}</p>
        </>
      )}
    </div>
  );
}
