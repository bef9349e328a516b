import { API_TOKEN_ISSUER, MESSAGES, isTokenValid } from '@app/contracts';
import { call, put, select } from 'typed-redux-saga';
import { ApiError } from '../shared/api-client';
import { sessionCleared } from '../shared/session-cleared.action';
import { fetchClaimsToken } from './auth.api';
import { removeStoredSession } from './auth-storage.util';
import { selectClaimsToken, selectIssuer, selectSessionToken } from './auth.selectors';
import { tokenSet } from './auth.slice';
import { SessionExpiredError } from './session-expired.error';

/** Clears both tokens and every cached domain; the routes then show the login page with the notice. */
export function* endSession(notice: string | null) {
  yield* call(removeStoredSession);
  yield* put(sessionCleared({ notice }));
}

function* issuer() {
  return (yield* select(selectIssuer)) ?? API_TOKEN_ISSUER;
}

/** The session token for account-level calls; an expired one ends the session. */
export function* requireSessionToken() {
  const session = yield* select(selectSessionToken);
  if (!isTokenValid(session, new Date(), yield* call(issuer))) {
    yield* call(endSession, MESSAGES.sessionExpiredGetPanelToken);
    throw new SessionExpiredError(MESSAGES.sessionExpiredGetPanelToken);
  }
  return session as string;
}

/** The claims token for panel-level calls, fetched with the session when missing, stale or forced. */
export function* requireClaimsToken(force = false) {
  const checkIssuer = yield* call(issuer);
  const claims = yield* select(selectClaimsToken);
  if (!force && isTokenValid(claims, new Date(), checkIssuer)) return claims as string;
  const session = yield* select(selectSessionToken);
  if (!isTokenValid(session, new Date(), checkIssuer)) {
    yield* call(endSession, MESSAGES.sessionExpiredFetchPanelToken);
    throw new SessionExpiredError(MESSAGES.sessionExpiredFetchPanelToken);
  }
  let token: string;
  try {
    token = yield* call(fetchClaimsToken, session as string);
  } catch (error) {
    // The server no longer accepts the session (password changed, account gone): it is over.
    if (error instanceof ApiError && error.status === 401) {
      yield* call(endSession, MESSAGES.sessionExpiredFetchPanelToken);
      throw new SessionExpiredError(MESSAGES.sessionExpiredFetchPanelToken);
    }
    throw error;
  }
  yield* put(tokenSet({ slot: 'claims', token }));
  return token;
}
