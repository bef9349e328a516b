import type { PayloadAction } from '@reduxjs/toolkit';
import type { AccountResponse } from '@app/contracts';
import { all, call, put, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { fetchAccount, updateAccount } from '../auth/auth.api';
import { SessionExpiredError } from '../auth/session-expired.error';
import { sessionArrived } from '../auth/session-arrived.matcher';
import { requireSessionToken } from '../auth/token.sagas';
import {
  accountLoaded,
  accountLoadFailed,
  accountLoadRequested,
  accountSaved,
  accountSaveFailed,
  accountSaveRequested,
} from './account.slice';

function* loadAccount() {
  try {
    yield* put(accountLoaded(yield* call(fetchAccount, yield* call(requireSessionToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(accountLoadFailed(errorMessage(error)));
  }
}

function* saveAccount(action: PayloadAction<AccountResponse>) {
  try {
    const answer = yield* call(updateAccount, yield* call(requireSessionToken), action.payload);
    // The account update may answer 200 with an err field (spec 7).
    const err = typeof answer === 'object' && answer !== null && 'err' in answer ? String(answer.err) : '';
    if (err) yield* put(accountSaveFailed(err));
    else yield* put(accountSaved(action.payload));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(accountSaveFailed(errorMessage(error)));
  }
}

export function* accountSaga() {
  yield* all([
    takeLatest(accountLoadRequested.type, loadAccount),
    takeLatest(accountSaveRequested.type, saveAccount),
    // The account holds the toast preference the live feed's toasts follow: read once a session starts.
    takeLatest(sessionArrived, function* readOnSessionStart() {
      yield* put(accountLoadRequested());
    }),
  ]);
}
