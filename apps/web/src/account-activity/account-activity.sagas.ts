import { call, put, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { otherSessionsEnded, sessionEnded } from '../sessions/sessions.slice';
import { enrolmentConfirmed, turnedOff } from '../two-factor/two-factor.slice';
import { fetchAccountActivity } from './account-activity.api';
import {
  accountActivityLoaded,
  accountActivityLoadFailed,
  accountActivityReadAgain,
  accountActivitySectionOpened,
} from './account-activity.slice';

/**
 * The changes elsewhere on My Account that the server records: two-factor sign-in turned on (its
 * recovery codes received) or off, one browser signed out, every other browser signed out.
 */
const RECORDED_CHANGES = [enrolmentConfirmed.type, turnedOff.type, sessionEnded.type, otherSessionsEnded.type];

function* load() {
  try {
    yield* put(accountActivityLoaded(yield* call(fetchAccountActivity, yield* call(requireSessionToken))));
  } catch (error) {
    // An expired session ends with its own notice on the login page.
    if (!(error instanceof SessionExpiredError)) yield* put(accountActivityLoadFailed(errorMessage(error)));
  }
}

/** My Account's 'Account activity': read as the section opens, and again after each recorded change. */
export function* accountActivitySaga() {
  yield* takeLatest([accountActivitySectionOpened.type, ...RECORDED_CHANGES], function* read(action) {
    if (!accountActivitySectionOpened.match(action)) yield* put(accountActivityReadAgain());
    yield* call(load);
  });
}
