import { useEffect } from 'react';
import { Badge, Nav } from 'react-bootstrap';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { hwaddrToColonForm, isNormalisedHwaddr } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../shared/store-hooks';
import { EventsList } from '../events/pages/events-list.component';
import { notificationsLoadRequested } from '../notifications/notifications.slice';
import { selectUnresolvedCount } from '../notifications/notifications.selectors';
import { SiteNotificationsTab } from '../notifications/pages/site-notifications.tab';
import { PageHeader } from '../shared/page-header.component';
import { SiteAccessGate } from '../sites/pages/site-access.gate';
import { SiteConfigurationTab } from '../sites/pages/site-configuration.tab';
import { SiteOfflineNotice } from '../sites/pages/site-offline.notice';
import { SitePanelsTab } from '../sites/pages/site-panels.tab';
import { SiteTestModeBanner } from '../sites/pages/site-test-mode.banner';
import { selectSiteLabel, selectSiteUnreadEvents } from '../sites/sites.selectors';
import { siteDetailRequested, sitesLoadRequested } from '../sites/sites.slice';

/**
 * /site/:hwaddr (12 lowercase hex characters) and its tabs (spec 2.3): the site's panels and
 * configuration, its events and its notifications, each tab from its own domain, so the screen that
 * gathers them is the root's.
 */
export function SiteScreenPage() {
  const { hwaddr = '' } = useParams();
  if (!isNormalisedHwaddr(hwaddr)) return <Navigate to="/" replace />;
  return (
    <SiteAccessGate key={hwaddr} hwaddr={hwaddr}>
      <SiteScreen hwaddr={hwaddr} />
    </SiteAccessGate>
  );
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
      <SiteOfflineNotice hwaddr={hwaddr} />
      <SiteTestModeBanner hwaddr={hwaddr} />
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
