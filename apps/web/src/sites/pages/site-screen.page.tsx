import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Badge, Nav } from 'react-bootstrap';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { hwaddrToColonForm, isNormalisedHwaddr } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { selectPanelAccess } from '../../auth/auth.selectors';
import { panelAccessRequested } from '../../auth/auth.slice';
import { EventsList } from '../../events/pages/events-list.component';
import { notificationsLoadRequested } from '../../notifications/notifications.slice';
import { selectUnresolvedCount } from '../../notifications/notifications.selectors';
import { SiteNotificationsTab } from '../../notifications/pages/site-notifications.tab';
import { PageHeader } from '../../shared/page-header.component';
import { SiteConfigurationTab } from './site-configuration.tab';
import { SitePanelsTab } from './site-panels.tab';
import { selectSiteLabel, selectSiteUnreadEvents } from '../sites.selectors';
import { siteDetailRequested, sitesLoadRequested } from '../sites.slice';

/** /site/:hwaddr (12 lowercase hex characters) and its tabs (spec 2.3). */
export function SiteScreenPage() {
  const { hwaddr = '' } = useParams();
  if (!isNormalisedHwaddr(hwaddr)) return <Navigate to="/" replace />;
  return (
    <SiteAccessGate key={hwaddr} hwaddr={hwaddr}>
      <SiteScreen hwaddr={hwaddr} />
    </SiteAccessGate>
  );
}

/**
 * Shows the site only once the claims allow it; otherwise the warning toast has been shown and
 * the user goes home (spec 2.3, 4), never the site's frame with an error.
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

function SiteScreen({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const label = useAppSelector((state) => selectSiteLabel(state, hwaddr));
  const unreadEvents = useAppSelector((state) => selectSiteUnreadEvents(state, hwaddr));
  const unresolved = useAppSelector((state) => selectUnresolvedCount(state, hwaddr));
  const base = `/site/${hwaddr}`;
  const mac = hwaddrToColonForm(hwaddr);

  useEffect(() => {
    dispatch(sitesLoadRequested());
    dispatch(siteDetailRequested(hwaddr));
    dispatch(notificationsLoadRequested());
  }, [dispatch, hwaddr]);

  return (
    <>
      {/* An unnamed site's title is its MAC already: the MAC shows once. */}
      <PageHeader crumbs={[{ label, to: base }]} title={label} subtitle={label === mac ? undefined : mac} />
      <Nav variant="tabs" className="mb-3">
        <Nav.Link as={NavLink} to={`${base}/events`}>
          Events {unreadEvents > 0 && <Badge bg="secondary">{unreadEvents}</Badge>}
        </Nav.Link>
        <Nav.Link as={NavLink} to={base} end>
          Panels
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/notifications`}>
          Notifications {unresolved > 0 && <Badge bg="secondary">{unresolved}</Badge>}
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/about`}>
          Site Configuration
        </Nav.Link>
      </Nav>
      <Routes>
        <Route index element={<SitePanelsTab hwaddr={hwaddr} />} />
        <Route path="events" element={<EventsList hwaddr={hwaddr} />} />
        <Route path="notifications" element={<SiteNotificationsTab hwaddr={hwaddr} />} />
        <Route path="about" element={<SiteConfigurationTab hwaddr={hwaddr} />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
  );
}
