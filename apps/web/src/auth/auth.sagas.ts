import { API_TOKEN_ISSUER, MESSAGES, decodeTokenPayload, isTokenValid, resetFailedMessage } from '@app/contracts';
import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, delay, put, select, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { fetchClientConfig, login, register, requestPasswordReset, resetPassword } from './auth.api';
import { selectIssuer, selectSessionToken } from './auth.selectors';
import { readStoredSession, removeStoredSession } from './auth-storage.util';
import {
  authFormFailed,
  authFormSucceeded,
  authReady,
  authStarted,
  clientConfigLoaded,
  loginRequested,
  logoutRequested,
  passwordResetRequested,
  registerRequested,
  resetMailRequested,
  secondFactorChallenged,
  tokenSet,
} from './auth.slice';
import { panelAccessSaga } from './panel-access.sagas';
import { secondFactorSaga } from './second-factor.sagas';
import { signedIn } from './sign-in.sagas';
import { endSession } from './token.sagas';

/** Learns the API's issuer, then restores the stored session only while it is valid (spec 4, 5). */
export function* startAuth() {
  let issuer = API_TOKEN_ISSUER;
  try {
    const config = yield* call(fetchClientConfig);
    issuer = config.issuer;
    yield* put(clientConfigLoaded(config));
  } catch {
    // Without an answer the API's default issuer is the best guess; calls fail visibly meanwhile.
  }
  const stored = yield* call(readStoredSession);
  const valid = isTokenValid(stored, new Date(), issuer);
  if (!valid) yield* call(removeStoredSession);
  yield* put(authReady({ issuer, session: valid ? stored : null }));
}

function* loginSaga(action: PayloadAction<{ email: string; password: string }>) {
  try {
    const answer = yield* call(login, action.payload);
    // An account with two-factor sign-in on answers a challenge: the page then asks for the code.
    if ('token' in answer) yield* call(signedIn, 'login' as const, answer.token);
    else yield* put(secondFactorChallenged(answer.challenge));
  } catch {
    yield* put(authFormFailed({ form: 'login', error: MESSAGES.loginFailed }));
  }
}

function* registerSaga(action: ReturnType<typeof registerRequested>) {
  try {
    yield* call(signedIn, 'register' as const, yield* call(register, action.payload));
  } catch (error) {
    yield* put(authFormFailed({ form: 'register', error: errorMessage(error) || MESSAGES.invalidFormCredentials }));
  }
}

function* resetMailSaga(action: PayloadAction<{ email: string }>) {
  try {
    yield* call(requestPasswordReset, action.payload.email);
    yield* put(authFormSucceeded('resetMail'));
  } catch (error) {
    yield* put(authFormFailed({ form: 'resetMail', error: resetFailedMessage(errorMessage(error)) }));
  }
}

function* passwordResetSaga(action: ReturnType<typeof passwordResetRequested>) {
  try {
    yield* call(signedIn, 'passwordReset' as const, yield* call(resetPassword, action.payload));
  } catch (error) {
    yield* put(authFormFailed({ form: 'passwordReset', error: resetFailedMessage(errorMessage(error)) }));
  }
}

function* logoutSaga() {
  yield* call(endSession, null);
}

/** Ends the session the moment its token expires, so the navbar never outlives it. */
function* expireSession() {
  const session = yield* select(selectSessionToken);
  const expiry = decodeTokenPayload(session)?.exp;
  if (session === null || typeof expiry !== 'number') return;
  yield* delay(Math.max(0, Math.min(expiry * 1000 - Date.now(), 2 ** 31 - 1)));
  const issuer = (yield* select(selectIssuer)) ?? API_TOKEN_ISSUER;
  if ((yield* select(selectSessionToken)) === session && !isTokenValid(session, new Date(), issuer)) {
    yield* call(endSession, MESSAGES.sessionExpiredGetPanelToken);
  }
}

/** A session arrives with a restore or a sign-in; a claims token leaves the expiry timer alone. */
function isNewSession(action: { type: string; payload?: unknown }): boolean {
  if (authReady.match(action)) return true;
  return tokenSet.match(action) && action.payload.slot === 'session';
}

export function* authSaga() {
  yield* all([
    takeLatest(authStarted.type, startAuth),
    takeLatest(loginRequested.type, loginSaga),
    takeLatest(registerRequested.type, registerSaga),
    takeLatest(resetMailRequested.type, resetMailSaga),
    takeLatest(passwordResetRequested.type, passwordResetSaga),
    takeEvery(logoutRequested.type, logoutSaga),
    takeLatest(isNewSession, expireSession),
    call(panelAccessSaga),
    call(secondFactorSaga),
  ]);
}
