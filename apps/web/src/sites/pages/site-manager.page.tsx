import { useEffect } from 'react';
import { Badge, Card, Col } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { relaysLoadRequested } from '../../relays/relays.slice';
import { selectRelaysError, selectRelaysLoaded, selectRelayTiles } from '../../relays/relays.selectors';
import { PageHeader } from '../../shared/page-header.component';
import { PanelTypeImage } from '../panel-type-image.component';
import { selectSitesError, selectSitesLoaded, selectSiteTiles } from '../sites.selectors';
import { sitesLoadRequested } from '../sites.slice';
import { TileSection } from './tile-section.component';

/** Home (spec 2.4): the user's sites and relays. */
export function SiteManagerPage() {
  const dispatch = useAppDispatch();
  const sitesLoaded = useAppSelector(selectSitesLoaded);
  const sitesError = useAppSelector(selectSitesError);
  const tiles = useAppSelector(selectSiteTiles);
  const relaysLoaded = useAppSelector(selectRelaysLoaded);
  const relaysError = useAppSelector(selectRelaysError);
  const relayTiles = useAppSelector(selectRelayTiles);

  useEffect(() => {
    dispatch(sitesLoadRequested());
    dispatch(relaysLoadRequested());
  }, [dispatch]);

  return (
    <>
      <PageHeader crumbs={[]} title="Site Manager" subtitle="Your sites and relays" />
      <TileSection
        title="Sites"
        loaded={sitesLoaded}
        error={sitesError}
        addLabel="Add Site"
        addLink="/site/add"
        testId="site-tiles"
        className="mb-4"
      >
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
                {tile.offlineText && (
                  <Card.Text className="site-tile__offline text-warning-emphasis fw-semibold">
                    {tile.offlineText}
                  </Card.Text>
                )}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </TileSection>
      <TileSection title="Relays" loaded={relaysLoaded} error={relaysError} addLabel="Add Relay" addLink="/relay/add">
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
      </TileSection>
    </>
  );
}
