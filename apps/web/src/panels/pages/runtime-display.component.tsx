import { Badge, Card, Col, Row } from 'react-bootstrap';
import { MESSAGES } from '@app/contracts';
import type { RuntimeView, ZoneBadge } from '../panel-view.util';

function ZoneBadges({ zones, variant, empty }: { zones: ZoneBadge[]; variant: string; empty: string }) {
  if (zones.length === 0) return <p className="mb-0 text-muted">{empty}</p>;
  return (
    <ul className="list-unstyled mb-0">
      {zones.map((zone) => (
        <li key={zone.id} className="mb-1">
          <Badge bg={variant} className="me-2">
            {zone.number}
          </Badge>
          {zone.name}
        </li>
      ))}
    </ul>
  );
}

/** Fires, Faults and General (spec 2.13), live from the panel's runtime reports. */
export function RuntimeDisplay({ runtime }: { runtime: RuntimeView | null }) {
  if (!runtime) return <p className="text-muted">{MESSAGES.loadingRuntime}</p>;
  const onFire = runtime.fires.length > 0;
  return (
    <Row xs={1} md={3} className="g-3 runtime-display">
      <Col>
        <Card
          border={onFire ? 'danger' : undefined}
          className={onFire ? 'runtime-box runtime-box--fire' : 'runtime-box'}
          data-testid="runtime-fires"
        >
          <Card.Header className={onFire ? 'bg-danger text-white' : undefined}>Fires</Card.Header>
          <Card.Body>
            <ZoneBadges zones={runtime.fires} variant="danger" empty={MESSAGES.noZonesOnFire} />
          </Card.Body>
        </Card>
      </Col>
      <Col>
        <Card
          border={runtime.faults.length > 0 ? 'warning' : undefined}
          className="runtime-box"
          data-testid="runtime-faults"
        >
          <Card.Header className={runtime.faults.length > 0 ? 'bg-warning' : undefined}>Faults</Card.Header>
          <Card.Body>
            <ZoneBadges zones={runtime.faults} variant="warning" empty={MESSAGES.noZonesInFault} />
          </Card.Body>
        </Card>
      </Col>
      <Col>
        <Card className="runtime-box" data-testid="runtime-general">
          <Card.Header>General</Card.Header>
          <Card.Body>
            <p className="mb-1">{MESSAGES.dayNightDisabled}</p>
            {runtime.soundersDisabled && <Badge bg="warning">{MESSAGES.sounderDisabled}</Badge>}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}
