import { call, cancel, cancelled, delay, fork, put, take } from 'typed-redux-saga';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { errorMessage } from '../shared/error-message.util';
import { fetchPortalStatus } from './portal-status.api';
import { PORTAL_STATUS_REFRESH_MS } from './system.constants';
import {
  portalStatusFailed,
  portalStatusLoaded,
  portalStatusPollingStarted,
  portalStatusPollingStopped,
  portalStatusRequested,
} from './system.slice';

/**
 * Asks portal-api once whether the portal works and stores the answer or the reason there is none.
 * An expired session has already ended (the login page says so): that is passed on, not stored.
 */
export function* refreshPortalStatus() {
  const abort = new AbortController();
  try {
    const session = yield* call(requireSessionToken);
    yield* put(portalStatusRequested());
    const status = yield* call(fetchPortalStatus, session, abort.signal);
    yield* put(portalStatusLoaded(status));
  } catch (error) {
    if (error instanceof SessionExpiredError) throw error;
    yield* put(portalStatusFailed(errorMessage(error)));
  } finally {
    if (yield* cancelled()) abort.abort();
  }
}

export function* pollPortalStatus() {
  try {
    while (true) {
      yield* call(refreshPortalStatus);
      yield* delay(PORTAL_STATUS_REFRESH_MS);
    }
  } catch (error) {
    // Without a session there is nothing to ask with until a box appears again for a signed-in user.
    if (!(error instanceof SessionExpiredError)) throw error;
  }
}

/** Polls from each start to the next stop; a stop cancels a request in flight. */
export function* systemSaga() {
  while (true) {
    yield* take(portalStatusPollingStarted.type);
    const polling = yield* fork(pollPortalStatus);
    yield* take(portalStatusPollingStopped.type);
    yield* cancel(polling);
  }
}
