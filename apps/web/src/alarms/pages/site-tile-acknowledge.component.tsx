import type { ReactNode } from 'react';
import { useAppSelector } from '../../shared/store-hooks';
import { selectSiteAlarmToAcknowledge } from '../alarms.selectors';
import { AcknowledgeAlarmButton } from './acknowledge-alarm.button';
import './alarms.css';

/**
 * A Site Manager tile (the children, a link to the site) with, while the site has an alarm nobody
 * acknowledged, an Acknowledge for its most urgent one. The button is the link's sibling, laid over
 * the tile, so that clicking it never opens the site.
 */
export function SiteTileAcknowledge({ hwaddr, children }: { hwaddr: string; children: ReactNode }) {
  const alarm = useAppSelector((state) => selectSiteAlarmToAcknowledge(state, hwaddr));
  return (
    <div className={`site-tile-frame${alarm ? ' site-tile-frame--acknowledge' : ''}`} data-tile-hwaddr={hwaddr}>
      {children}
      {alarm && (
        <AcknowledgeAlarmButton
          alarm={alarm}
          size="sm"
          className="site-tile__acknowledge"
          testId="site-tile-acknowledge"
        />
      )}
    </div>
  );
}
