import { all, call, put, select, spawn, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { decodeTokenPayload } from '@app/contracts';
import { ApiError } from '../shared/api-client';
import { errorMessage } from '../shared/error-message.util';
import { logoutRequested } from '../auth/auth.slice';
import { selectSessionToken } from '../auth/auth.selectors';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { endOneSession, endOtherSessions, fetchSessions } from './sessions.api';
import { selectIsCurrentSession } from './sessions.selectors';
import {
  otherSessionsEnded,
  otherSessionsEndRequested,
  sessionEnded,
  sessionEndRequested,
  sessionsLoaded,
  sessionsLoadFailed,
  sessionsRequestFailed,
  sessionsSectionOpened,
} from './sessions.slice';

/** A 404 to ending a session: it had ended already (elsewhere, or by expiry), as asked. */
const alreadyEnded = (error: unknown) => error instanceof ApiError && error.status === 404;

function* load() {
  try {
    yield* put(sessionsLoaded(yield* call(fetchSessions, yield* call(requireSessionToken))));
  } catch (error) {
    // An expired session ends with its own notice on the login page.
    if (!(error instanceof SessionExpiredError)) yield* put(sessionsLoadFailed(errorMessage(error)));
  }
}

function* endOne(action: ReturnType<typeof sessionEndRequested>) {
  const id = action.payload;
  // This browser: signed out as the navbar's Logout does, which ends its session on the server too.
  if (yield* select(selectIsCurrentSession, id)) {
    yield* put(logoutRequested());
    return;
  }
  try {
    yield* call(endOneSession, yield* call(requireSessionToken), id);
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    if (!alreadyEnded(error)) {
      yield* put(sessionsRequestFailed(errorMessage(error)));
      return;
    }
  }
  yield* put(sessionEnded());
  yield* call(load);
}

/**
 * A Logout ends this browser's session on the server too, so that its tokens stop working and it
 * leaves the other browsers' lists (the server removes its push device with it). Not waited for:
 * the browser is signed out at once whether or not the server answers.
 */
function* endOnLogout() {
  const session = yield* select(selectSessionToken);
  const sessionId = decodeTokenPayload(session)?.sid;
  if (session === null || typeof sessionId !== 'string') return;
  yield* spawn(function* endThisSession() {
    try {
      yield* call(endOneSession, session, sessionId);
    } catch (error) {
      console.warn(`This browser's session was not ended on the server: ${errorMessage(error)}`);
    }
  });
}

function* endOthers() {
  try {
    yield* put(otherSessionsEnded(yield* call(endOtherSessions, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(sessionsRequestFailed(errorMessage(error)));
    return;
  }
  yield* call(load);
}

/** My Account's 'Signed-in browsers': read as the section opens; one sign-out at a time, then read again. */
export function* sessionsSaga() {
  yield* all([
    takeLatest(sessionsSectionOpened.type, load),
    // The session is read as the sign-out is asked for, before it is cleared.
    takeEvery(logoutRequested.type, endOnLogout),
    takeLeading([sessionEndRequested.type, otherSessionsEndRequested.type], function* signOut(action) {
      if (sessionEndRequested.match(action)) yield* call(endOne, action);
      else yield* call(endOthers);
    }),
  ]);
}
