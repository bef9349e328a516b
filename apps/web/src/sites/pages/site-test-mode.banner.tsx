import { Alert, Badge } from 'react-bootstrap';
import { testModeBannerText } from '@app/contracts';
import { useAppSelector } from '../../shared/store-hooks';
import { selectSiteTestMode } from '../sites.selectors';

/**
 * On every screen of a site in test mode (docs/test-mode.md): who started it, why and when it ends;
 * gone when it ends, by hand or by itself, as the live feed tells.
 */
export function SiteTestModeBanner({ hwaddr }: { hwaddr: string }) {
  const testMode = useAppSelector((state) => selectSiteTestMode(state, hwaddr));
  if (!testMode) return null;
  return (
    <Alert variant="info" className="site-test-mode py-2" role="status">
      <Badge bg="warning" text="dark" className="me-2">
        Test
      </Badge>
      <span className="site-test-mode__text">{testModeBannerText(testMode)}</span>
      <div className="small text-muted">
        Events are stored and shown, marked as test; relay actions and fire and fault e-mails are not sent.
      </div>
    </Alert>
  );
}
