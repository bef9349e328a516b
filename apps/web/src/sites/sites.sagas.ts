import type { PayloadAction } from '@reduxjs/toolkit';
import type { ClaimCreateRequest } from '@app/contracts';
import { all, call, fork, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { RootState } from '../shared/root-state.types';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import { testModeReceived } from '../livefeed/livefeed.actions';
import {
  createClaim,
  endTestMode,
  fetchSiteDetail,
  fetchSites,
  removeClaim,
  renameSite,
  setSiteEmails,
  startTestMode,
} from './sites.api';
import {
  claimCreateRequested,
  claimRemoveRequested,
  siteDetailFailed,
  siteDetailLoaded,
  siteDetailRequested,
  siteEmailRequested,
  siteFormFailed,
  siteFormSucceeded,
  siteKeyUpdateRequested,
  siteRenameRequested,
  testModeEndRequested,
  testModeStartRequested,
  sitesLoaded,
  sitesLoadFailed,
  sitesLoadRequested,
  type SiteFormId,
} from './sites.slice';
import { claimOutcomeOf } from './claim-outcome.util';
import { sitesReactionsSaga } from './sites-reactions.sagas';

/** The knowledge clock as a fetch is sent: its answer never replaces what the client learned after. */
const selectKnowledgeClock = (state: RootState) => state.sites.knowledge.clock;

export function* loadSites() {
  try {
    const claims = yield* call(requireClaimsToken);
    const sentAt = yield* select(selectKnowledgeClock);
    yield* put(sitesLoaded(yield* call(fetchSites, claims), sentAt));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(sitesLoadFailed(errorMessage(error)));
  }
}

export function* loadSiteDetail(action: PayloadAction<string>) {
  const hwaddr = action.payload;
  try {
    const claims = yield* call(requireClaimsToken);
    const sentAt = yield* select(selectKnowledgeClock);
    yield* put(siteDetailLoaded(yield* call(fetchSiteDetail, claims, hwaddr), sentAt));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteDetailFailed({ hwaddr, error: errorMessage(error) }));
  }
}

/** Runs one site form's call, then reloads the lists it changed (spec 7: after mutations, reload). */
function* siteMutation(form: SiteFormId, mutate: () => Generator<unknown, void, unknown>, refreshClaims: boolean) {
  try {
    yield* call(mutate);
    if (refreshClaims) yield* call(requireClaimsToken, true);
    yield* call(loadSites);
    yield* put(siteFormSucceeded({ form }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteFormFailed({ form, error: errorMessage(error) }));
  }
}

/** Add Site and Update Key: a refused key is saved as unauthorised, so the list is reloaded either way. */
function* claimWithKey(form: SiteFormId, request: ClaimCreateRequest) {
  try {
    const outcome = claimOutcomeOf(yield* call(createClaim, yield* call(requireSessionToken), request));
    if (outcome.accepted) yield* call(requireClaimsToken, true);
    yield* call(loadSites);
    yield* put(outcome.accepted ? siteFormSucceeded({ form }) : siteFormFailed({ form, error: outcome.error }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(siteFormFailed({ form, error: errorMessage(error) }));
  }
}

function* createClaimSaga(action: ReturnType<typeof claimCreateRequested>) {
  yield* call(claimWithKey, 'addSite' as const, action.payload);
}

function* updateKeySaga(action: ReturnType<typeof siteKeyUpdateRequested>) {
  yield* call(claimWithKey, 'updateKey' as const, action.payload);
}

function* removeClaimSaga(action: ReturnType<typeof claimRemoveRequested>) {
  yield* call(
    siteMutation,
    'removeSite' as const,
    function* remove() {
      yield* call(removeClaim, yield* call(requireSessionToken), action.payload.hwaddr);
    },
    true,
  );
}

function* renameSaga(action: ReturnType<typeof siteRenameRequested>) {
  yield* call(
    siteMutation,
    'renameSite' as const,
    function* rename() {
      yield* call(renameSite, yield* call(requireClaimsToken), action.payload.hwaddr, action.payload.name);
    },
    false,
  );
}

function* emailSaga(action: ReturnType<typeof siteEmailRequested>) {
  yield* call(
    siteMutation,
    'siteEmails' as const,
    function* email() {
      yield* call(setSiteEmails, yield* call(requireSessionToken), action.payload.hwaddr, action.payload.state);
    },
    false,
  );
}

/**
 * Start or end test mode (docs/test-mode.md): the answer is applied at once, as the feed's TestMode
 * that every other browser of the site gets.
 */
function* startTestModeSaga(action: ReturnType<typeof testModeStartRequested>) {
  const { hwaddr, request } = action.payload;
  try {
    const testMode = yield* call(startTestMode, yield* call(requireClaimsToken), hwaddr, request);
    yield* put(testModeReceived({ hwaddr, testMode }));
    yield* put(siteFormSucceeded({ form: 'startTestMode' }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(siteFormFailed({ form: 'startTestMode', error: errorMessage(error) }));
  }
}

function* endTestModeSaga(action: ReturnType<typeof testModeEndRequested>) {
  const { hwaddr } = action.payload;
  try {
    yield* call(endTestMode, yield* call(requireClaimsToken), hwaddr);
    yield* put(testModeReceived({ hwaddr, testMode: null }));
    yield* put(siteFormSucceeded({ form: 'endTestMode' }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(siteFormFailed({ form: 'endTestMode', error: errorMessage(error) }));
  }
}

export function* sitesSaga() {
  yield* all([
    takeLatest(sitesLoadRequested.type, loadSites),
    takeEvery(siteDetailRequested.type, loadSiteDetail),
    takeLatest(claimCreateRequested.type, createClaimSaga),
    takeLatest(siteKeyUpdateRequested.type, updateKeySaga),
    takeLatest(claimRemoveRequested.type, removeClaimSaga),
    takeLatest(siteRenameRequested.type, renameSaga),
    takeLatest(siteEmailRequested.type, emailSaga),
    takeLatest(testModeStartRequested.type, startTestModeSaga),
    takeLatest(testModeEndRequested.type, endTestModeSaga),
    fork(sitesReactionsSaga),
  ]);
}
