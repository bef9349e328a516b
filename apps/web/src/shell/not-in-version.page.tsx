import { Alert } from 'react-bootstrap';
import { PageHeader } from './page-header.component';

/** Screens of a later version: the route exists so that links land somewhere honest. */
export function NotInVersionPage({ title }: { title: string }) {
  return (
    <>
      <PageHeader crumbs={[{ label: title }]} title={title} />
      <Alert variant="secondary">The {title} screen is not available in this version.</Alert>
    </>
  );
}
