import { all, call, put, takeLatest, takeLeading } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireSessionToken } from '../auth/token.sagas';
import { fetchQuietHours, saveQuietHours } from './quiet-hours.api';
import {
  quietHoursLoaded,
  quietHoursLoadFailed,
  quietHoursSaved,
  quietHoursSaveFailed,
  quietHoursSaveRequested,
  quietHoursSectionOpened,
} from './quiet-hours.slice';

function* load() {
  try {
    yield* put(quietHoursLoaded(yield* call(fetchQuietHours, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(quietHoursLoadFailed(errorMessage(error)));
  }
}

function* save(action: ReturnType<typeof quietHoursSaveRequested>) {
  try {
    const session = yield* call(requireSessionToken);
    yield* put(quietHoursSaved(yield* call(saveQuietHours, session, { quietHours: action.payload })));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(quietHoursSaveFailed(errorMessage(error)));
  }
}

/** My Account's 'Quiet hours': read as the section opens, saved one at a time. */
export function* quietHoursSaga() {
  yield* all([takeLatest(quietHoursSectionOpened.type, load), takeLeading(quietHoursSaveRequested.type, save)]);
}
