import type { ReactNode } from 'react';
import { Alert, Card } from 'react-bootstrap';
import { PRODUCT_NAME } from '../../shared/product.constants';

/** The centred card of every signed-out screen, with the form's error in a red alert. */
export function AuthCard({ title, error, children }: { title: string; error?: string | null; children: ReactNode }) {
  return (
    <Card className="auth-card">
      <Card.Body>
        <p className="auth-card__product">{PRODUCT_NAME}</p>
        <Card.Title as="h1">{title}</Card.Title>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        {children}
      </Card.Body>
    </Card>
  );
}
