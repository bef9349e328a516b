import { Alert, Button, ListGroup } from 'react-bootstrap';
import { MESSAGES } from '@app/contracts';
import { NoControlRightNote } from '../../shared/no-control-right.note';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { SyncClockButton } from '../../panels/pages/sync-clock.button';
import { selectNoControlReason } from '../../sites/site-rights.selectors';
import { selectSiteDetail } from '../../sites/sites.selectors';
import { selectNotificationEntries, selectNotifications } from '../notifications.selectors';
import { notificationResolveRequested } from '../notifications.slice';

/**
 * The site's notifications (spec 2.11). A time desync also offers Sync panel clock beside Mark
 * Resolved: the cure of what it reports (the clock is the panel's; its first network carries it),
 * disabled, with the note of why once above the list, for a role without the control right.
 */
export function SiteNotificationsTab({ hwaddr }: { hwaddr: string }) {
  const dispatch = useAppDispatch();
  const { loaded, error } = useAppSelector(selectNotifications);
  const entries = useAppSelector((state) => selectNotificationEntries(state, hwaddr));
  const networkId = useAppSelector((state) => selectSiteDetail(state, hwaddr)?.networks[0]?.networkId);
  const noControl = useAppSelector((state) => selectNoControlReason(state, hwaddr));
  const offersSync = entries.some((entry) => !entry.resolved && entry.type === 'TIME_DESYNC');

  return (
    <section className="notifications">
      {error && <Alert variant="danger">{error}</Alert>}
      {loaded && entries.length === 0 && (
        <div className="notifications__empty">
          <h2 className="h5">{MESSAGES.noNotificationsFound}</h2>
          <p className="text-muted">This panel has not yet generated any notifications requiring your attention.</p>
        </div>
      )}
      {offersSync && <NoControlRightNote reason={noControl} />}
      <ListGroup>
        {entries.map((entry) => (
          <ListGroup.Item key={entry.id} className={`notification ${entry.resolved ? 'notification--resolved' : ''}`}>
            <h3 className="h6 notification__title">{entry.title}</h3>
            <p className="notification__text">{entry.text}</p>
            {entry.resolved ? (
              <small className="text-muted">{entry.resolvedLine}</small>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                <Button
                  size="sm"
                  disabled={entry.resolving}
                  onClick={() => dispatch(notificationResolveRequested(entry.id))}
                >
                  Mark Resolved
                </Button>
                {entry.type === 'TIME_DESYNC' && <SyncClockButton hwaddr={hwaddr} networkId={networkId} size="sm" />}
              </div>
            )}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </section>
  );
}
