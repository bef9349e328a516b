import type { Action } from '@reduxjs/toolkit';
import { all, call, cancelled, put, race, take, takeLatest, takeLeading } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { sessionCleared } from '../shared/session-cleared.action';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import {
  fetchSiteAccess,
  fetchSiteActivity,
  inviteToSite,
  revokeSitePerson,
  withdrawSiteInvitation,
} from './site-access.api';
import {
  accessActivityFailed,
  accessActivityLoaded,
  siteAccessChanged,
  siteAccessChangeFailed,
  siteAccessListFailed,
  siteAccessListLoaded,
  siteAccessSectionClosed,
  siteAccessSectionOpened,
  siteInvitationFailed,
  siteInvitationRequested,
  siteInvitationSent,
  siteInvitationWithdrawRequested,
  sitePersonRevokeRequested,
} from './site-access.slice';

function* loadList(claims: string, hwaddr: string, signal: AbortSignal) {
  try {
    yield* put(siteAccessListLoaded({ hwaddr, list: yield* call(fetchSiteAccess, claims, hwaddr, signal) }));
  } catch (error) {
    yield* put(siteAccessListFailed({ hwaddr, error: errorMessage(error) }));
  }
}

function* loadActivity(claims: string, hwaddr: string, signal: AbortSignal) {
  try {
    yield* put(accessActivityLoaded({ hwaddr, activity: yield* call(fetchSiteActivity, claims, hwaddr, signal) }));
  } catch (error) {
    yield* put(accessActivityFailed({ hwaddr, error: errorMessage(error) }));
  }
}

/** The list and the activity, side by side, each shown as it comes (or why it could not be read). */
function* read(hwaddr: string) {
  const request = new AbortController();
  try {
    const claims = yield* call(requireClaimsToken);
    yield* all([call(loadList, claims, hwaddr, request.signal), call(loadActivity, claims, hwaddr, request.signal)]);
  } catch (error) {
    // An expired session ends with its own notice on the login page.
    if (!(error instanceof SessionExpiredError)) {
      yield* put(siteAccessListFailed({ hwaddr, error: errorMessage(error) }));
      yield* put(accessActivityFailed({ hwaddr, error: errorMessage(error) }));
    }
  } finally {
    // Dropped (the section closed, the session ended): the requests in flight are not waited for.
    if (yield* cancelled()) request.abort();
  }
}

/** Read as the section opens; its answers are dropped if the section closed (or the session ended) first. */
function* sectionSaga(action: ReturnType<typeof siteAccessSectionOpened>) {
  const hwaddr = action.payload;
  yield* race({
    read: call(read, hwaddr),
    closed: take((closing: Action) => siteAccessSectionClosed.match(closing) && closing.payload === hwaddr),
    ended: take(sessionCleared.type),
  });
}

function* invite(action: ReturnType<typeof siteInvitationRequested>) {
  const { hwaddr, email, role } = action.payload;
  try {
    yield* call(inviteToSite, yield* call(requireClaimsToken), hwaddr, { email, role });
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteInvitationFailed(errorMessage(error)));
    return;
  }
  yield* put(siteInvitationSent({ hwaddr, email }));
  yield* call(read, hwaddr);
}

/** Withdraw an invitation or revoke a person; then read the list and the activity again. */
function* change(
  action: ReturnType<typeof siteInvitationWithdrawRequested> | ReturnType<typeof sitePersonRevokeRequested>,
) {
  const { hwaddr } = action.payload;
  try {
    const claims = yield* call(requireClaimsToken);
    if (siteInvitationWithdrawRequested.match(action))
      yield* call(withdrawSiteInvitation, claims, hwaddr, action.payload.invitationId);
    else yield* call(revokeSitePerson, claims, hwaddr, action.payload.userId);
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteAccessChangeFailed(errorMessage(error)));
    return;
  }
  yield* put(siteAccessChanged({ hwaddr }));
  yield* call(read, hwaddr);
}

/**
 * Site Configuration's 'Who has access' (docs/access.md, "Teams"): read as the section opens; one
 * change at a time (an invitation, a withdrawal, a revocation), then read again.
 */
export function* siteAccessSaga() {
  yield* all([
    takeLatest(siteAccessSectionOpened.type, sectionSaga),
    takeLeading(
      [siteInvitationRequested.type, siteInvitationWithdrawRequested.type, sitePersonRevokeRequested.type],
      function* oneChange(action: Action) {
        if (siteInvitationRequested.match(action)) yield* call(invite, action);
        else if (siteInvitationWithdrawRequested.match(action) || sitePersonRevokeRequested.match(action))
          yield* call(change, action);
      },
    ),
  ]);
}
