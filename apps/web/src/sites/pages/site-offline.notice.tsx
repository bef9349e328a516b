import { Alert } from 'react-bootstrap';
import { useAppSelector } from '../../shared/store-hooks';
import { selectSiteConnectionText } from '../sites.selectors';

/**
 * 'Offline since …' on the site's screens, once its panel's loss of communication was reported
 * (docs/alerts.md), 'Connection lost since …' before; gone when the panel is back.
 */
export function SiteOfflineNotice({ hwaddr }: { hwaddr: string }) {
  const text = useAppSelector((state) => selectSiteConnectionText(state, hwaddr));
  if (!text) return null;
  return (
    <Alert variant="warning" className="site-offline py-2" role="status">
      {text}
    </Alert>
  );
}
