import { Button, ListGroup } from 'react-bootstrap';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { SESSIONS_TEXT } from '../sessions-messages.constants';
import { selectSessionRows, selectSessionsView } from '../sessions.selectors';
import { otherSessionsEndRequested, sessionsSectionOpened } from '../sessions.slice';
import { SessionItem } from './session-item.component';

/**
 * My Account's 'Signed-in browsers' (docs/access.md, "Sessions"): every browser signed in to the
 * account, each signed out on its own, or all but this one at once.
 */
export function SessionsSection() {
  const dispatch = useAppDispatch();
  const rows = useAppSelector(selectSessionRows);
  const { loading, listed, busy, hasOthers, error, notice } = useAppSelector(selectSessionsView);
  // False until the opening has reset the store: an earlier visit's state never shows.
  const opened = useSectionOpened(sessionsSectionOpened);

  return (
    <section className="sessions mt-5 narrow-form" aria-labelledby="sessions-title">
      <h2 id="sessions-title" className="h5">
        {SESSIONS_TEXT.title}
      </h2>
      {!opened ? null : (
        <>
          {loading && <p className="text-muted">{SESSIONS_TEXT.loading}</p>}
          {listed && (
            <>
              <ListGroup as="ul" className="mb-3">
                {rows.map((session) => (
                  <SessionItem key={session.id} session={session} busy={busy} />
                ))}
              </ListGroup>
              <Button
                variant="outline-danger"
                disabled={busy || !hasOthers}
                onClick={() => dispatch(otherSessionsEndRequested())}
              >
                {SESSIONS_TEXT.signOutOthers}
              </Button>
            </>
          )}
          {notice && (
            <p className="text-success fw-semibold mt-2" role="status">
              {notice}
            </p>
          )}
          {error && (
            <p className="text-danger mt-2" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </section>
  );
}
