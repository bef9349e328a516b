import type { ReactNode } from 'react';
import { Alert, Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { MESSAGES } from '@app/contracts';

interface TileSectionProps {
  title: string;
  loaded: boolean;
  error: string | null;
  /** The last tile, which adds one more. */
  addLabel: string;
  addLink: string;
  testId?: string;
  className?: string;
  /** Shown between the heading and the tiles (the sites' search). */
  tools?: ReactNode;
  /** One `<Col>` per tile. */
  children: ReactNode;
}

/** A Site Manager section: its heading, load state, the tiles and the tile that adds one. */
export function TileSection({
  title,
  loaded,
  error,
  addLabel,
  addLink,
  testId,
  className,
  tools,
  children,
}: TileSectionProps) {
  return (
    <>
      <h2 className="h4">{title}</h2>
      {error && <Alert variant="danger">{error}</Alert>}
      {!loaded && <p className="text-muted">{MESSAGES.loadingDevices}</p>}
      {tools}
      <Row xs={1} sm={2} lg={4} className={className ? `g-3 ${className}` : 'g-3'} data-testid={testId}>
        {children}
        <Col>
          <Card as={Link} to={addLink} className="tile tile--add">
            <Card.Body>
              <Card.Title>{addLabel}</Card.Title>
            </Card.Body>
          </Card>
        </Col>
      </Row>
    </>
  );
}
