import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Col, Form } from 'react-bootstrap';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { alarmsLoadRequested } from '../../alarms/alarms.slice';
import { SiteTileAcknowledge } from '../../alarms/pages/site-tile-acknowledge.component';
import { relaysLoadRequested } from '../../relays/relays.slice';
import { selectRelaysError, selectRelaysLoaded, selectRelayTiles } from '../../relays/relays.selectors';
import { PageHeader } from '../../shared/page-header.component';
import { PanelTypeImage } from '../panel-type-image.component';
import { selectSiteManagerTiles } from '../site-manager.selectors';
import { selectSiteList, selectSitesError, selectSitesLoaded } from '../sites.selectors';
import { sitesLoadRequested } from '../sites.slice';
import { TileSection } from './tile-section.component';
import '../site-tiles.css';

/**
 * Home (spec 2.4): the user's sites and relays. Each site tile shows its live state (in fire, in
 * fault, offline, in test mode), those in fire first, then in fault, then offline, and Acknowledge
 * while the site has an alarm nobody acknowledged; the search narrows the tiles by name or MAC.
 */
export function SiteManagerPage() {
  const dispatch = useAppDispatch();
  const sitesLoaded = useAppSelector(selectSitesLoaded);
  const sitesError = useAppSelector(selectSitesError);
  const [search, setSearch] = useState('');
  const tiles = useAppSelector((state) => selectSiteManagerTiles(state, search));
  const siteCount = useAppSelector(selectSiteList).length;
  const relaysLoaded = useAppSelector(selectRelaysLoaded);
  const relaysError = useAppSelector(selectRelaysError);
  const relayTiles = useAppSelector(selectRelayTiles);

  useEffect(() => {
    dispatch(sitesLoadRequested());
    dispatch(alarmsLoadRequested());
    dispatch(relaysLoadRequested());
  }, [dispatch]);

  return (
    <>
      <PageHeader crumbs={[]} title="Site Manager" subtitle="Your sites and relays" />
      {sitesLoaded && !sitesError && siteCount === 0 && (
        // Guidance, not an alert: a region of the page a screen reader can find by its name.
        <Alert
          variant="info"
          role="region"
          aria-label="Getting started"
          className="first-site-hint"
          data-testid="first-site-hint"
        >
          <Alert.Heading as="h2" className="h5">
            Start by adding your first site
          </Alert.Heading>
          <p className="mb-2">
            You need two things from the panel: its MAC address (on the panel, under Network Setup &gt; Cloud) and its
            4-digit admin password. Once the site is added, its fires, faults and other events show here the moment they
            happen, and are mailed to you.
          </p>
          <Link to="/site/add" className="btn btn-primary btn-sm">
            Add your first site
          </Link>
        </Alert>
      )}
      <TileSection
        title="Sites"
        loaded={sitesLoaded}
        error={sitesError}
        addLabel="Add Site"
        addLink="/site/add"
        testId="site-tiles"
        className="mb-4"
        tools={
          siteCount > 0 && (
            <Form.Group className="site-search mb-3" controlId="site-search">
              <Form.Label visuallyHidden>Search sites</Form.Label>
              <Form.Control
                type="search"
                placeholder="Search by name or MAC"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
              />
              {tiles.length === 0 && <Form.Text>No site matches your search.</Form.Text>}
            </Form.Group>
          )
        }
      >
        {tiles.map((tile) => (
          <Col key={tile.hwaddr}>
            <SiteTileAcknowledge hwaddr={tile.hwaddr}>
              <Card
                as={Link}
                to={tile.link}
                className={`tile site-tile site-tile--${tile.alarmState}`}
                data-hwaddr={tile.hwaddr}
                data-alarm-state={tile.alarmState}
              >
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
                  {tile.fireText && (
                    <Card.Text className="site-tile__alarm site-tile__alarm--fire">{tile.fireText}</Card.Text>
                  )}
                  {tile.faultText && (
                    <Card.Text className="site-tile__alarm site-tile__alarm--fault">{tile.faultText}</Card.Text>
                  )}
                  <Card.Text className={`site-tile__status ${tile.authorised ? 'text-success' : 'text-danger'}`}>
                    {tile.statusText}
                  </Card.Text>
                  {tile.connectionText && (
                    <Card.Text className="site-tile__offline text-warning-emphasis fw-semibold">
                      {tile.connectionText}
                    </Card.Text>
                  )}
                  {tile.testModeText && (
                    <Card.Text className="site-tile__test-mode small text-info-emphasis">{tile.testModeText}</Card.Text>
                  )}
                </Card.Body>
              </Card>
            </SiteTileAcknowledge>
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
