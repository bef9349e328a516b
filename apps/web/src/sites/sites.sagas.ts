import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import {
  createClaim,
  fetchSiteDetail,
  fetchSites,
  markEventsSeen,
  removeClaim,
  renameSite,
  setSiteEmails,
} from './sites.api';
import {
  claimCreateRequested,
  claimRemoveRequested,
  siteDetailFailed,
  siteDetailLoaded,
  siteDetailRequested,
  siteEmailRequested,
  siteEventsSeen,
  siteFormFailed,
  siteFormSucceeded,
  siteRenameRequested,
  sitesLoaded,
  sitesLoadFailed,
  sitesLoadRequested,
} from './sites.slice';

export function* loadSites() {
  try {
    const claims = yield* call(requireClaimsToken);
    yield* put(sitesLoaded(yield* call(fetchSites, claims)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(sitesLoadFailed(errorMessage(error)));
  }
}

export function* loadSiteDetail(action: PayloadAction<string>) {
  const hwaddr = action.payload;
  try {
    const claims = yield* call(requireClaimsToken);
    yield* put(siteDetailLoaded(yield* call(fetchSiteDetail, claims, hwaddr)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteDetailFailed({ hwaddr, error: errorMessage(error) }));
  }
}

/** Runs one site form's call, then reloads the lists it changed (spec 7: after mutations, reload). */
function* siteMutation(mutate: () => Generator<unknown, void, unknown>, refreshClaims: boolean) {
  try {
    yield* call(mutate);
    if (refreshClaims) yield* call(requireClaimsToken, true);
    yield* call(loadSites);
    yield* put(siteFormSucceeded());
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteFormFailed(errorMessage(error)));
  }
}

function* createClaimSaga(action: ReturnType<typeof claimCreateRequested>) {
  yield* call(siteMutation, function* create() {
    yield* call(createClaim, yield* call(requireSessionToken), action.payload);
  }, true);
}

function* removeClaimSaga(action: ReturnType<typeof claimRemoveRequested>) {
  yield* call(siteMutation, function* remove() {
    yield* call(removeClaim, yield* call(requireSessionToken), action.payload.hwaddr);
  }, true);
}

function* renameSaga(action: ReturnType<typeof siteRenameRequested>) {
  yield* call(siteMutation, function* rename() {
    yield* call(renameSite, yield* call(requireClaimsToken), action.payload.hwaddr, action.payload.name);
  }, false);
}

function* emailSaga(action: ReturnType<typeof siteEmailRequested>) {
  yield* call(siteMutation, function* email() {
    yield* call(setSiteEmails, yield* call(requireSessionToken), action.payload.hwaddr, action.payload.state);
  }, false);
}

/** The events tab opened: the server marks them seen, the tiles drop their unread events at once. */
export function* markSiteEventsSeen(hwaddr: string) {
  try {
    yield* call(markEventsSeen, yield* call(requireClaimsToken), hwaddr);
    yield* put(siteEventsSeen({ hwaddr, at: new Date().toISOString() }));
  } catch {
    // Unread counts stay as they were; the next reload of the sites tells the truth.
  }
}

export function* sitesSaga() {
  yield* all([
    takeLatest(sitesLoadRequested.type, loadSites),
    takeEvery(siteDetailRequested.type, loadSiteDetail),
    takeLatest(claimCreateRequested.type, createClaimSaga),
    takeLatest(claimRemoveRequested.type, removeClaimSaga),
    takeLatest(siteRenameRequested.type, renameSaga),
    takeLatest(siteEmailRequested.type, emailSaga),
  ]);
}
