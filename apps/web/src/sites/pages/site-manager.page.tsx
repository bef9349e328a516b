import { useEffect } from 'react';
import { Alert, Badge, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../app/app-hooks';
import { relaysLoadRequested } from '../../relays/relays.slice';
import { selectRelays, selectRelayTiles } from '../../relays/relays.selectors';
import { PageHeader } from '../../shell/page-header.component';
import { PanelTypeImage } from '../panel-type-image.component';
import { selectSites, selectSiteTiles } from '../sites.selectors';
import { sitesLoadRequested } from '../sites.slice';

/** Home (spec 2.4): the user's sites and relays. */
export function SiteManagerPage() {
  const dispatch = useAppDispatch();
  const sites = useAppSelector(selectSites);
  const tiles = useAppSelector(selectSiteTiles);
  const relays = useAppSelector(selectRelays);
  const relayTiles = useAppSelector(selectRelayTiles);

  useEffect(() => {
    dispatch(sitesLoadRequested());
    dispatch(relaysLoadRequested());
  }, [dispatch]);

  return (
    <>
      <PageHeader crumbs={[]} title="Site Manager" subtitle="Your sites and relays" />
      <h2 className="h4">Sites</h2>
      {sites.error && <Alert variant="danger">{sites.error}</Alert>}
      {!sites.loaded && !sites.error && <p className="text-muted">{MESSAGES.loadingDevices}</p>}
      <Row xs={1} sm={2} lg={4} className="g-3 mb-4" data-testid="site-tiles">
        {tiles.map((tile) => (
          <Col key={tile.hwaddr}>
            <Card as={Link} to={tile.link} className="tile site-tile" data-hwaddr={tile.hwaddr}>
              <Card.Body>
                <div className="tile__head">
                  <PanelTypeImage panelType={tile.panelType} />
                  {tile.unread > 0 && (
                    <Badge bg="danger" pill className="tile__badge">
                      {tile.unread}
                    </Badge>
                  )}
                </div>
                <Card.Title className="site-tile__name">{tile.label}</Card.Title>
                <Card.Text className={`site-tile__status ${tile.authorised ? 'text-success' : 'text-danger'}`}>
                  {tile.statusText}
                </Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
        <Col>
          <Card as={Link} to="/site/add" className="tile tile--add">
            <Card.Body>
              <Card.Title>Add Site</Card.Title>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <h2 className="h4">Relays</h2>
      {relays.error && <Alert variant="danger">{relays.error}</Alert>}
      {!relays.loaded && <p className="text-muted">{MESSAGES.loadingDevices}</p>}
      <Row xs={1} sm={2} lg={4} className="g-3">
        {relayTiles.map((relay) => (
          <Col key={relay.id}>
            <Card as={Link} to={`/relay/${relay.id}`} className="tile relay-tile">
              <Card.Body>
                <Card.Title>{relay.name}</Card.Title>
                <Card.Text className="text-muted">{relay.address}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
        <Col>
          <Card as={Link} to="/relay/add" className="tile tile--add">
            <Card.Body>
              <Card.Title>Add Relay</Card.Title>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
