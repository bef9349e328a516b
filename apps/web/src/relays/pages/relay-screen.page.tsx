import { useEffect, useState } from 'react';
import { Alert, Nav } from 'react-bootstrap';
import { Navigate, NavLink, Route, Routes, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { PageHeader } from '../../shared/page-header.component';
import {
  selectRelay,
  selectRelayForm,
  selectRelayLabel,
  selectRelaysError,
  selectRelaysLoaded,
} from '../relays.selectors';
import { relayScreenClosed, relayScreenOpened } from '../relays.slice';
import { RelayActionsTab } from './relay-actions.tab';
import { RelayForm } from './relay-form.component';

/** /relay/:id (digits only) and /relay/:id/edit (spec 2.3). */
export function RelayScreenPage() {
  const { id = '' } = useParams();
  if (!/^\d+$/.test(id)) return <Navigate to="/" replace />;
  return <RelayScreen key={id} relayId={Number(id)} />;
}

function RelayScreen({ relayId }: { relayId: number }) {
  const dispatch = useAppDispatch();
  const [asked, setAsked] = useState(false);
  const relay = useAppSelector((state) => selectRelay(state, relayId));
  const label = useAppSelector((state) => selectRelayLabel(state, relayId));
  const loaded = useAppSelector(selectRelaysLoaded);
  const loadError = useAppSelector(selectRelaysError);
  const removed = useAppSelector((state) => selectRelayForm(state, 'removeRelay')).done;
  const base = `/relay/${relayId}`;

  useEffect(() => {
    dispatch(relayScreenOpened(relayId));
    // Marks that this visit has asked, after the request is sent, so an earlier answer does not count.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAsked(true);
    return () => {
      dispatch(relayScreenClosed(relayId));
    };
  }, [dispatch, relayId]);

  // Removed from its Edit Settings: home (spec 2.8).
  if (asked && removed) return <Navigate to="/" />;
  if (!asked || (!loaded && !relay)) return null;
  if (!relay) {
    // The relay screen's error alert area (spec 2.8): the cause is not shown (spec 8).
    return (
      <>
        <PageHeader crumbs={[{ label: 'Relay' }]} title="Relay" />
        <Alert variant="danger" role="alert">
          {loadError ? 'The relay could not be loaded. Please try again later.' : 'This relay was not found.'}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader crumbs={[{ label, to: base }]} title={label} subtitle={`${relay.host} : ${relay.port}`} />
      <Nav variant="tabs" className="mb-3">
        <Nav.Link as={NavLink} to={base} end>
          Actions
        </Nav.Link>
        <Nav.Link as={NavLink} to={`${base}/edit`}>
          Edit Settings
        </Nav.Link>
      </Nav>
      <Routes>
        <Route index element={<RelayActionsTab relayId={relayId} />} />
        <Route path="edit" element={<RelayEditTab relayId={relayId} />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
  );
}

/** Edit Settings: the relay form with the relay's values. */
function RelayEditTab({ relayId }: { relayId: number }) {
  const relay = useAppSelector((state) => selectRelay(state, relayId));
  if (!relay) return null;
  return (
    <RelayForm
      relayId={relayId}
      initial={{ host: relay.host, port: String(relay.port), password: '', name: relay.name }}
    />
  );
}
