import { all, call, put, takeLatest, takeLeading } from 'typed-redux-saga';
import type { AcceptInvitationResponse } from '@app/contracts';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import { loadSites } from '../sites/sites.sagas';
import { acceptInvitation, fetchInvitationPreview } from './invitations.api';
import { invitationAccepted } from '../shared/invitation-accepted.action';
import {
  invitationAcceptFailed,
  invitationAcceptRequested,
  invitationPageOpened,
  invitationPreviewFailed,
  invitationPreviewLoaded,
} from './invitations.slice';

function* loadPreview(action: ReturnType<typeof invitationPageOpened>) {
  const token = action.payload;
  try {
    yield* put(invitationPreviewLoaded({ token, preview: yield* call(fetchInvitationPreview, token) }));
  } catch (error) {
    yield* put(invitationPreviewFailed({ token, error: errorMessage(error) }));
  }
}

/**
 * Accepting: the company's sites, or the shared site, are the user's from then on, so the claims
 * token and the sites list are read again before the company's or the site's page opens.
 */
function* accept(action: ReturnType<typeof invitationAcceptRequested>) {
  let accepted: AcceptInvitationResponse;
  try {
    accepted = yield* call(acceptInvitation, yield* call(requireSessionToken), action.payload);
  } catch (error) {
    // An expired session ends with its own notice on the login page.
    if (!(error instanceof SessionExpiredError)) yield* put(invitationAcceptFailed(errorMessage(error)));
    return;
  }
  try {
    yield* call(requireClaimsToken, true);
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    // Accepted all the same: the site's screen asks for the claims again as it opens.
  }
  yield* call(loadSites);
  yield* put(invitationAccepted(accepted));
}

/** The invitation page: what the link offers, read as it opens; accepted once. */
export function* invitationsSaga() {
  yield* all([takeLatest(invitationPageOpened.type, loadPreview), takeLeading(invitationAcceptRequested.type, accept)]);
}
