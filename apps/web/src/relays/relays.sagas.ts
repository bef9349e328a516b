import { all, call, delay, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import type { RelayActionRunDto } from '@app/contracts';
import type { RootState } from '../app/root.reducer';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken, requireSessionToken } from '../auth/token.sagas';
import type { Action } from '@reduxjs/toolkit';
import {
  feedReconnected,
  logEventsReceived,
  notificationEventReceived,
  type LiveLogEvent,
} from '../live/live-feed.actions';
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
  relayRunsLoaded,
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
import { RELAY_FAILURE_TITLE, relayIdsActingFor, runsSettled } from './relay-runs.util';

/** How often, and how many times, runs are asked again after a fire or fault of a site a relay acts for. */
const RUNS_FOLLOW_INTERVAL_MS = 1500;
const RUNS_FOLLOW_TRIES = 10;

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
    const runs: RelayActionRunDto[] = yield* call(fetchRelayRuns, yield* call(requireSessionToken), relayId);
    yield* put(relayRunsLoaded({ relayId, runs }));
    return runs;
  } catch {
    return null;
  }
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
 * A fire or fault of a site some shown relay acts for: its runs are asked again until a new one has
 * settled (the relay-worker records it while it drives the board, after the event arrives).
 */
function* followRuns(relayIds: number[]) {
  for (const relayId of relayIds) {
    const before = (yield* select((state: RootState) => state.relays.runs[relayId]))?.length ?? 0;
    for (let attempt = 0; attempt < RUNS_FOLLOW_TRIES; attempt += 1) {
      const runs = yield* call(loadRuns, relayId);
      if (runs && runs.length > before && runsSettled(runs)) break;
      yield* delay(RUNS_FOLLOW_INTERVAL_MS);
    }
  }
}

function* shownRelaysActingFor(hwaddrs: string[]) {
  const state = yield* select((root: RootState) => root.relays);
  return relayIdsActingFor(state.list, hwaddrs).filter((id) => id in state.runs);
}

const alarmSitesOf = (events: LiveLogEvent[]) =>
  events.filter((event) => event.category === 'fire' || event.category === 'fault').map((event) => event.hwaddr);

/** Only a batch holding a fire or fault restarts the follow: any other batch must not cancel one under way. */
const isAlarmBatch = (action: Action): action is ReturnType<typeof logEventsReceived> =>
  logEventsReceived.match(action) && alarmSitesOf(action.payload).length > 0;

function* alarmsArrived(action: ReturnType<typeof logEventsReceived>) {
  const relayIds = yield* call(shownRelaysActingFor, alarmSitesOf(action.payload));
  if (relayIds.length > 0) yield* call(followRuns, relayIds);
}

function* notificationArrived(action: ReturnType<typeof notificationEventReceived>) {
  if (action.payload.notification.title !== RELAY_FAILURE_TITLE) return;
  const relayIds = yield* call(shownRelaysActingFor, [action.payload.hwaddr]);
  for (const relayId of relayIds) yield* call(loadRuns, relayId);
}

function* reconnected() {
  const shown = yield* select((state: RootState) => Object.keys(state.relays.runs).map(Number));
  for (const relayId of shown) yield* call(loadRuns, relayId);
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
    takeLatest(isAlarmBatch, alarmsArrived),
    takeEvery(notificationEventReceived.type, notificationArrived),
    takeEvery(feedReconnected.type, reconnected),
  ]);
}
