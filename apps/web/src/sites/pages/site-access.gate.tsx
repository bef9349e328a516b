import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelAccess } from '../../auth/auth.selectors';
import { panelAccessReleased, panelAccessRequested } from '../../auth/auth.slice';

/**
 * Shows the site only once the claims allow it; otherwise the warning toast has been shown and
 * the user goes home (spec 2.3, 4), never the site's frame with an error. While it shows, a change
 * of the user's access that takes the site away (the live feed's AUTH_CHK) sends them home the
 * same way.
 */
export function SiteAccessGate({ hwaddr, children }: { hwaddr: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const access = useAppSelector((state) => selectPanelAccess(state, hwaddr));
  // A verdict from an earlier visit does not count: this visit asks again.
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    dispatch(panelAccessRequested(hwaddr));
    // Marks that this visit has asked, after the request is sent, so an earlier answer does not count.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAsked(true);
    return () => {
      dispatch(panelAccessReleased(hwaddr));
    };
  }, [dispatch, hwaddr]);

  if (!asked || access === undefined || access.state === 'checking') return null;
  if (access.state === 'denied') return <Navigate to="/" replace />;
  if (access.state === 'failed') {
    return (
      <Alert variant="danger" role="alert">
        {access.error}
      </Alert>
    );
  }
  return children;
}
