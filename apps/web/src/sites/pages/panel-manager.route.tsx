import { Alert } from 'react-bootstrap';
import { Navigate, useParams } from 'react-router';
import { NETWORK_ID_PATTERN } from '@app/contracts';

/** /site/:hwaddr/panel/:networkId (1-2 digits): the panel manager belongs to a later version. */
export function PanelManagerRoute({ hwaddr }: { hwaddr: string }) {
  const { networkId = '' } = useParams();
  if (!NETWORK_ID_PATTERN.test(networkId)) return <Navigate to={`/site/${hwaddr}`} replace />;
  return <Alert variant="secondary">The panel manager screen is not available in this version.</Alert>;
}
