import { all, call, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { RelayActionRunDto } from '@app/contracts';
import type { RootState } from '../shared/root-state.types';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import { feedReconnected, liveGapsFound, siteResyncRequested } from '../livefeed/livefeed.actions';
import {
  createRelay,
  deleteRelay,
  deleteRelayAction,
  fetchRelayRuns,
  fetchRelays,
  fetchSiteChoices,
  saveRelayAction,
  testRelay,
  testRelayAction,
  updateRelay,
} from './relays.api';
import {
  relayActionAdded,
  relayActionAddRequested,
  relayActionDeleteRequested,
  relayActionDone,
  relayActionFailed,
  relayActionSaveRequested,
  relayActionTestFinished,
  relayActionTestRequested,
  relayFormFailed,
  relayRemoved,
  relayRemoveRequested,
  relayRunsAsked,
  relayRunsLoaded,
  relayRunsRefreshRequested,
  relaySaved,
  relaySaveRequested,
  relayScreenOpened,
  relaysLoaded,
  relaysLoadFailed,
  relaysLoadRequested,
  relayVerified,
  relayVerifyFailed,
  relayVerifyRequested,
  relayVerifyReset,
  relayFormOpened,
  siteChoicesLoaded,
  type RelayFormId,
} from './relays.slice';
import { emptyTriggerSettings } from './relay-action-card.util';
import { relayIdsActingFor } from './relay-runs.util';

export function* loadRelays() {
  try {
    yield* put(relaysLoaded(yield* call(fetchRelays, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(relaysLoadFailed(errorMessage(error)));
  }
}

function* loadSiteChoices() {
  try {
    yield* put(siteChoicesLoaded(yield* call(fetchSiteChoices, yield* call(requireClaimsToken))));
  } catch {
    // Without the list the choice says 'No other sites found' and cards show the MAC only.
  }
}

function* loadRuns(relayId: number) {
  try {
    const session = yield* call(requireSessionToken);
    // What the live feed or a later fetch tells from now on may be newer than the answer (relay-run-order.util.ts).
    yield* put(relayRunsAsked());
    const sentAt = yield* select((state: RootState) => state.relays.runsClock);
    const runs: RelayActionRunDto[] = yield* call(fetchRelayRuns, session, relayId);
    yield* put(relayRunsLoaded({ relayId, runs, sentAt }));
  } catch {
    // The list stays as it was; the live feed keeps it going.
  }
}

function* refreshRuns(action: ReturnType<typeof relayRunsRefreshRequested>) {
  yield* call(loadRuns, action.payload);
}

function* openRelayScreen(action: ReturnType<typeof relayScreenOpened>) {
  yield* all([call(loadRelays), call(loadSiteChoices), call(loadRuns, action.payload)]);
}

function* failForm(form: RelayFormId, error: unknown) {
  if (!(error instanceof SessionExpiredError)) yield* put(relayFormFailed({ form, error: errorMessage(error) }));
}

/** A verification under way is dropped when the form changes or opens again: its answer no longer applies. */
function* verifySaga(
  action: ReturnType<typeof relayVerifyRequested | typeof relayVerifyReset | typeof relayFormOpened>,
) {
  if (!relayVerifyRequested.match(action)) return;
  try {
    yield* put(relayVerified(yield* call(testRelay, yield* call(requireSessionToken), action.payload)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(relayVerifyFailed(errorMessage(error)));
  }
}

function* saveSaga(action: ReturnType<typeof relaySaveRequested>) {
  try {
    const session = yield* call(requireSessionToken);
    const { id, request } = action.payload;
    if (id === undefined) {
      if (request.password === undefined) throw new Error('Password is required');
      yield* put(relaySaved(yield* call(createRelay, session, { ...request, password: request.password })));
    } else {
      yield* put(relaySaved(yield* call(updateRelay, session, id, request)));
    }
  } catch (error) {
    yield* call(failForm, 'saveRelay' as const, error);
  }
}

function* removeSaga(action: ReturnType<typeof relayRemoveRequested>) {
  try {
    yield* call(deleteRelay, yield* call(requireSessionToken), action.payload);
    yield* put(relayRemoved(action.payload));
  } catch (error) {
    yield* call(failForm, 'removeRelay' as const, error);
  }
}

function* addActionSaga(action: ReturnType<typeof relayActionAddRequested>) {
  try {
    const { relayId, hwaddr } = action.payload;
    const request = { action: { hwaddr, on_fire: emptyTriggerSettings(), on_fault: emptyTriggerSettings() } };
    yield* put(relayActionAdded(yield* call(saveRelayAction, yield* call(requireSessionToken), relayId, request)));
  } catch (error) {
    yield* call(failForm, 'addAction' as const, error);
  }
}

function* saveActionSaga(action: ReturnType<typeof relayActionSaveRequested>) {
  const { relayId, action: settings } = action.payload;
  try {
    const relay = yield* call(saveRelayAction, yield* call(requireSessionToken), relayId, { action: settings });
    yield* put(relayActionDone({ actionId: settings.id, relay }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(relayActionFailed({ actionId: settings.id, error: errorMessage(error) }));
  }
}

function* deleteActionSaga(action: ReturnType<typeof relayActionDeleteRequested>) {
  const { relayId, actionId } = action.payload;
  try {
    const relay = yield* call(deleteRelayAction, yield* call(requireSessionToken), relayId, actionId);
    yield* put(relayActionDone({ actionId, relay }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(relayActionFailed({ actionId, error: errorMessage(error) }));
  }
}

function* testActionSaga(action: ReturnType<typeof relayActionTestRequested>) {
  const { relayId, actionId, trigger } = action.payload;
  try {
    yield* call(testRelayAction, yield* call(requireSessionToken), relayId, actionId, trigger);
    yield* put(relayActionTestFinished({ actionId, trigger, error: null }));
  } catch (error) {
    if (!(error instanceof SessionExpiredError))
      yield* put(relayActionTestFinished({ actionId, trigger, error: errorMessage(error) }));
  }
}

/**
 * The live feed pushes every change of the user's relay runs (RelayRun): nothing is asked on a fire.
 * Only a reconnect, a resync or a gap in the feed about a site the open relay acts for asks for its
 * runs again, once: a RelayRun may have been lost with them.
 */
function* refreshAfterMiss(
  action:
    ReturnType<typeof feedReconnected> | ReturnType<typeof siteResyncRequested> | ReturnType<typeof liveGapsFound>,
) {
  const { openRelayId, list } = yield* select((state: RootState) => state.relays);
  if (openRelayId === null) return;
  const sites = siteResyncRequested.match(action)
    ? [action.payload.hwaddr]
    : liveGapsFound.match(action)
      ? action.payload.hwaddrs
      : null;
  const relay = list.find((candidate) => candidate.id === openRelayId);
  // A relay not listed yet may act for any of them.
  if (sites !== null && relay !== undefined && relayIdsActingFor([relay], sites).length === 0) return;
  yield* put(relayRunsRefreshRequested(openRelayId));
}

export function* relaysSaga() {
  yield* all([
    takeLatest(relaysLoadRequested.type, loadRelays),
    takeLatest(relayScreenOpened.type, openRelayScreen),
    takeLatest([relayVerifyRequested.type, relayVerifyReset.type, relayFormOpened.type], verifySaga),
    takeLatest(relaySaveRequested.type, saveSaga),
    takeLatest(relayRemoveRequested.type, removeSaga),
    takeLatest(relayActionAddRequested.type, addActionSaga),
    takeEvery(relayActionSaveRequested.type, saveActionSaga),
    takeEvery(relayActionDeleteRequested.type, deleteActionSaga),
    takeEvery(relayActionTestRequested.type, testActionSaga),
    takeLatest(relayRunsRefreshRequested.type, refreshRuns),
    takeEvery([feedReconnected.type, siteResyncRequested.type, liveGapsFound.type], refreshAfterMiss),
  ]);
}
