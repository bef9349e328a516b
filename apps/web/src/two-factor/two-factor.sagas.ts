import { all, call, put, takeLatest, takeLeading } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { sessionArrived } from '../auth/session-arrived.matcher';
import { invitationAccepted } from '../shared/invitation-accepted.action';
import { requireSessionToken } from '../auth/token.sagas';
import {
  confirmTwoFactorEnrolment,
  disableTwoFactor,
  fetchTwoFactorStatus,
  startTwoFactorEnrolment,
} from './two-factor.api';
import {
  enrolmentConfirmed,
  enrolmentConfirmRequested,
  enrolmentStarted,
  turnedOff,
  turnOffRequested,
  turnOnRequested,
  twoFactorLoaded,
  twoFactorLoadFailed,
  twoFactorRequestFailed,
  twoFactorRequiredFound,
  twoFactorSectionOpened,
} from './two-factor.slice';

function* load() {
  try {
    yield* put(twoFactorLoaded(yield* call(fetchTwoFactorStatus, yield* call(requireSessionToken))));
  } catch (error) {
    // An expired session ends with its own notice on the login page.
    if (!(error instanceof SessionExpiredError)) yield* put(twoFactorLoadFailed(errorMessage(error)));
  }
}

/**
 * As a session starts (a sign-in, or the app opening signed in), and as the user joins a company: a
 * company of the user that requires two-factor sign-in while it is off sends the user to My Account
 * to turn it on.
 */
function* checkRequired() {
  try {
    const status = yield* call(fetchTwoFactorStatus, yield* call(requireSessionToken));
    if (!status.enabled && (status.requiredBy?.length ?? 0) > 0) yield* put(twoFactorRequiredFound());
  } catch {
    // Not known for now: My Account reads it again as it opens, and the server keeps the sites closed meanwhile.
  }
}

function* turnOn() {
  try {
    yield* put(enrolmentStarted(yield* call(startTwoFactorEnrolment, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(twoFactorRequestFailed(errorMessage(error)));
  }
}

function* confirm(action: ReturnType<typeof enrolmentConfirmRequested>) {
  try {
    const session = yield* call(requireSessionToken);
    yield* put(enrolmentConfirmed(yield* call(confirmTwoFactorEnrolment, session, action.payload)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(twoFactorRequestFailed(errorMessage(error)));
  }
}

function* turnOff(action: ReturnType<typeof turnOffRequested>) {
  try {
    const session = yield* call(requireSessionToken);
    yield* put(turnedOff(yield* call(disableTwoFactor, session, action.payload)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(twoFactorRequestFailed(errorMessage(error)));
  }
}

/**
 * My Account's 'Two-factor sign-in': read as the section opens; one change at a time. Read as each
 * session starts too, for the companies that require it.
 */
export function* twoFactorSaga() {
  yield* all([
    takeLatest(twoFactorSectionOpened.type, load),
    takeLatest(sessionArrived, checkRequired),
    takeLatest(
      (action: { type: string }) => invitationAccepted.match(action) && action.payload.kind === 'company',
      checkRequired,
    ),
    takeLeading(turnOnRequested.type, turnOn),
    takeLeading(enrolmentConfirmRequested.type, confirm),
    takeLeading(turnOffRequested.type, turnOff),
  ]);
}
