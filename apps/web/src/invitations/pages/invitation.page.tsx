import { useCallback } from 'react';
import { Button } from 'react-bootstrap';
import { Link, Navigate, useParams } from 'react-router';
import { invitationPath } from '@app/contracts';
import { useAppDispatch, useAppSelector } from '../../shared/store-hooks';
import { useSectionOpened } from '../../shared/use-section-opened.hook';
import { selectIsSignedIn } from '../../auth/auth.selectors';
import { AuthCard } from '../../auth/pages/auth-card.component';
import { loginPathFor, registerPathFor } from '../../auth/return-path.util';
import { INVITATION_TEXT } from '../invitations-messages.constants';
import { selectAcceptedPath, selectInvitationView } from '../invitations.selectors';
import { invitationAcceptRequested, invitationPageOpened } from '../invitations.slice';

/**
 * An invitation link's page (docs/access.md, "Teams"), signed in or not: what it offers, to whom,
 * until when. Signed in, Accept invitation; signed out, sign in or register and come back here.
 */
export function InvitationPage() {
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const open = useCallback(() => invitationPageOpened(token), [token]);
  // False until the opening has reset the store: another link's offer never shows.
  const opened = useSectionOpened(open);
  const signedIn = useAppSelector(selectIsSignedIn);
  const { loading, offer, accepting, error } = useAppSelector(selectInvitationView);
  const accepted = useAppSelector(selectAcceptedPath);

  if (opened && accepted) return <Navigate to={accepted} />;

  const here = invitationPath(token);
  return (
    <AuthCard title={INVITATION_TEXT.title} error={opened ? error : null}>
      {opened && loading && <p className="text-muted">{INVITATION_TEXT.loading}</p>}
      {opened && offer && (
        <>
          <p className="fw-semibold">{offer.text}</p>
          <p className="mb-1">{offer.sentTo}</p>
          <p className="text-muted">{offer.expires}</p>
          {signedIn ? (
            <Button disabled={accepting} onClick={() => dispatch(invitationAcceptRequested(token))}>
              {INVITATION_TEXT.accept}
            </Button>
          ) : (
            <>
              <p>{INVITATION_TEXT.signedOut}</p>
              <div className="auth-card__links">
                <Link to={loginPathFor(here)}>{INVITATION_TEXT.signIn}</Link>
                <Link to={registerPathFor(here)}>{INVITATION_TEXT.register}</Link>
              </div>
            </>
          )}
        </>
      )}
    </AuthCard>
  );
}
