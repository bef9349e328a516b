import { Alert, Badge, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { PanelTypeImage } from '../panel-type-image.component';
import '../site-tiles.css';
import { selectSitePanelWidgets } from '../site-panels.selectors';
import { selectSiteDetailError } from '../sites.selectors';

/** The Panels tab: one widget per panel network, with its type icon, unread badge, and zones in fire or fault. */
export function SitePanelsTab({ hwaddr }: { hwaddr: string }) {
  const panels = useAppSelector((state) => selectSitePanelWidgets(state, hwaddr));
  const error = useAppSelector((state) => selectSiteDetailError(state, hwaddr));
  if (panels === null && error !== undefined) return <Alert variant="danger">{error}</Alert>;
  if (panels === null) return <p className="text-muted">{MESSAGES.loadingPanel}</p>;
  if (panels.length === 0) return <p className="text-muted">No panels have reported to this site yet.</p>;
  return (
    <Row xs={1} sm={2} lg={4} className="g-3">
      {panels.map((panel) => (
        <Col key={panel.networkId}>
          <Card
            as={Link}
            to={`/site/${hwaddr}/panel/${panel.networkId}`}
            className={`tile panel-tile${panel.fireText ? ' panel-tile--fire' : panel.faultText ? ' panel-tile--fault' : ''}`}
          >
            <Card.Body>
              <div className="tile__head">
                <PanelTypeImage panelType={panel.panelType} size={48} />
                {panel.unread > 0 && (
                  <Badge bg="danger" pill>
                    {panel.unread}
                  </Badge>
                )}
              </div>
              <Card.Title>{panel.label}</Card.Title>
              {panel.fireText && (
                <Card.Text className="site-tile__alarm site-tile__alarm--fire">{panel.fireText}</Card.Text>
              )}
              {panel.faultText && (
                <Card.Text className="site-tile__alarm site-tile__alarm--fault">{panel.faultText}</Card.Text>
              )}
            </Card.Body>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
