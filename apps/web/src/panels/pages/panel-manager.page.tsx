import { useEffect, type ReactElement } from 'react';
import { Alert, Badge, Nav } from 'react-bootstrap';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { isNormalisedHwaddr, MESSAGES, NETWORK_ID_PATTERN } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { EventsList } from '../../events/pages/events-list.component';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { PageHeader } from '../../shared/page-header.component';
import { SiteOfflineNotice } from '../../sites/pages/site-offline.notice';
import { SiteAccessGate } from '../../sites/pages/site-access.gate';
import { SiteTestModeBanner } from '../../sites/pages/site-test-mode.banner';
import { siteDetailRequested, sitesLoadRequested } from '../../sites/sites.slice';
import { selectPanelFrame, selectPanelNetwork, selectUnreadOfPanel } from '../panels.selectors';
import { commandAuditRequested } from '../panels.slice';
import { DeviceEditorPage } from './device-editor.page';
import { ModuleEditorPage } from './module-editor.page';
import { PanelAboutTab } from './panel-about.tab';
import { PanelDevicesTab } from './panel-devices.tab';
import { PanelModulesTab } from './panel-modules.tab';
import { PanelStatusTab } from './panel-status.tab';
import { ZoneEditorPage } from './zone-editor.page';

/** Route ids of the panel manager's sub-routes: digits only (spec 2.3). */
const DIGITS = /^\d+$/;

/** /site/:hwaddr/panel/:networkId (1-2 digits, anything else goes home), once the claims allow the site. */
export function PanelManagerPage() {
  const { hwaddr = '', networkId = '' } = useParams();
  if (!isNormalisedHwaddr(hwaddr) || !NETWORK_ID_PATTERN.test(networkId)) return <Navigate to="/" replace />;
  return (
    <SiteAccessGate key={hwaddr} hwaddr={hwaddr}>
      <PanelManager hwaddr={hwaddr} networkId={Number(networkId)} />
    </SiteAccessGate>
  );
}

/** A sub-route whose ids are all digits; otherwise the panel's Status (spec 2.3). */
function WithIds({
  names,
  status,
  render,
}: {
  names: string[];
  status: string;
  render: (ids: number[]) => ReactElement;
}) {
  const params = useParams();
  const values = names.map((name) => params[name] ?? '');
  if (!values.every((value) => DIGITS.test(value))) return <Navigate to={status} replace />;
  return render(values.map(Number));
}

function PanelManager({ hwaddr, networkId }: { hwaddr: string; networkId: number }) {
  const dispatch = useAppDispatch();
  const frame = useAppSelector((state) => selectPanelFrame(state, hwaddr, networkId));
  const network = useAppSelector((state) => selectPanelNetwork(state, hwaddr, networkId));
  const unread = useAppSelector((state) => selectUnreadOfPanel(state, hwaddr, networkId));
  const site = `/site/${hwaddr}`;
  const base = `${site}/panel/${networkId}`;
  const status = `${base}/status`;
  const target = { hwaddr, networkId };

  useEffect(() => {
    dispatch(sitesLoadRequested());
    dispatch(siteDetailRequested(hwaddr));
    dispatch(commandAuditRequested(hwaddr));
  }, [dispatch, hwaddr]);

  // Until the panel's data is there, every screen says why; the route rules apply at once.
  let waiting: ReactElement | null = null;
  if (!frame.loaded && frame.error) waiting = <Alert variant="danger">{frame.error}</Alert>;
  else if (!frame.loaded) waiting = <p className="text-muted">{MESSAGES.loadingPanel}</p>;
  else if (!network) waiting = <Alert variant="secondary">This site has no panel {networkId}.</Alert>;
  const screen = (element: ReactElement) => waiting ?? element;
  const body = (
    <Routes>
      <Route path="status" element={screen(<PanelStatusTab {...target} />)} />
      <Route path="events" element={screen(<EventsList hwaddr={hwaddr} networkId={networkId} />)} />
      <Route path="modules" element={screen(<PanelModulesTab {...target} base={base} />)} />
      <Route
        path="modules/:portId"
        element={
          <WithIds
            names={['portId']}
            status={status}
            render={([portId]) => screen(<ModuleEditorPage {...target} base={base} portId={portId} />)}
          />
        }
      />
      <Route
        path="modules/:portId/device/:deviceId"
        element={
          <WithIds
            names={['portId', 'deviceId']}
            status={status}
            render={([portId, deviceId]) =>
              screen(<DeviceEditorPage {...target} base={base} portId={portId} deviceId={deviceId} />)
            }
          />
        }
      />
      <Route path="devices" element={screen(<PanelDevicesTab {...target} base={base} />)} />
      <Route
        path="devices/zone/:zoneId"
        element={
          <WithIds
            names={['zoneId']}
            status={status}
            render={([zoneId]) => screen(<ZoneEditorPage {...target} base={base} zoneId={zoneId} />)}
          />
        }
      />
      <Route
        path="zone/:zoneId"
        element={
          <WithIds
            names={['zoneId']}
            status={status}
            render={([zoneId]) => screen(<ZoneEditorPage {...target} base={base} zoneId={zoneId} />)}
          />
        }
      />
      <Route path="about" element={screen(<PanelAboutTab {...target} />)} />
      <Route path="*" element={<Navigate to={status} replace />} />
    </Routes>
  );

  return (
    <>
      <PageHeader
        crumbs={[{ label: frame.siteName, to: site }, { label: frame.panelName }]}
        title={frame.panelName}
        subtitle={`${frame.siteName} · ${frame.connected ? 'Connected' : 'Not connected'}`}
      />
      <SiteOfflineNotice hwaddr={hwaddr} />
      <SiteTestModeBanner hwaddr={hwaddr} />
      {frame.loaded && !frame.cloudControl && (
        <Alert variant="warning" className="panel-receiving-only">
          <Alert.Heading as="h2" className="h6">
            {MESSAGES.panelOnlyReceivingEvents}
          </Alert.Heading>
          To control or edit this panel from here, go on the panel to Network Setup → Cloud and click enable.
        </Alert>
      )}
      <NoControlRightNote reason={frame.noControlReason} />
      <Nav variant="tabs" className="mb-3">
        <Nav.Link as={NavLink} to={status}>
          Status
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/events`}>
          Events {unread > 0 && <Badge bg="secondary">{unread}</Badge>}
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/modules`}>
          Modules
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/devices`}>
          Devices
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/about`}>
          About
        </Nav.Link>
      </Nav>
      {body}
    </>
  );
}
