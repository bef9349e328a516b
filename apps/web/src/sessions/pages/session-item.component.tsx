import { memo } from 'react';
import { Button, ListGroup } from 'react-bootstrap';
import { useAppDispatch } from '../../shared/store-hooks';
import { SESSIONS_TEXT } from '../sessions-messages.constants';
import type { SessionRow } from '../sessions.selectors';
import { sessionEndRequested } from '../sessions.slice';

/** One signed-in browser: its name (the full user agent on hover), when and where it signed in, and Sign out. */
export const SessionItem = memo(function SessionItem({ session, busy }: { session: SessionRow; busy: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <ListGroup.Item as="li" className="d-flex flex-wrap justify-content-between align-items-start gap-2">
      <div>
        <div>
          <strong title={session.userAgent}>{session.browser}</strong>
          {session.current && (
            <>
              {' '}
              <span className="text-muted">{SESSIONS_TEXT.thisBrowser}</span>
            </>
          )}
        </div>
        <div className="small text-muted">{session.signedIn}</div>
        <div className="small text-muted">{session.lastSeen}</div>
      </div>
      <Button
        size="sm"
        variant="outline-danger"
        aria-label={session.signOutLabel}
        disabled={busy}
        onClick={() => dispatch(sessionEndRequested(session.id))}
      >
        {SESSIONS_TEXT.signOut}
      </Button>
    </ListGroup.Item>
  );
});
