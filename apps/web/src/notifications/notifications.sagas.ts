import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../app/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { loadSites } from '../sites/sites.sagas';
import { fetchNotifications, resolveNotification } from './notifications.api';
import {
  notificationResolveFinished,
  notificationResolveRequested,
  notificationsLoaded,
  notificationsLoadFailed,
  notificationsLoadRequested,
} from './notifications.slice';

export function* loadNotifications() {
  try {
    yield* put(notificationsLoaded(yield* call(fetchNotifications, yield* call(requireClaimsToken))));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(notificationsLoadFailed(errorMessage(error)));
  }
}

function* resolveSaga(action: PayloadAction<number>) {
  try {
    yield* call(resolveNotification, yield* call(requireClaimsToken), action.payload);
    yield* put(notificationResolveFinished({ id: action.payload, error: null }));
    // The resolved entry and the unread badges both change.
    yield* all([call(loadNotifications), call(loadSites)]);
  } catch (error) {
    // An ended session is already being dealt with; the button is released without an alert.
    const message = error instanceof SessionExpiredError ? null : errorMessage(error);
    yield* put(notificationResolveFinished({ id: action.payload, error: message }));
  }
}

export function* notificationsSaga() {
  yield* all([
    takeLatest(notificationsLoadRequested.type, loadNotifications),
    takeEvery(notificationResolveRequested.type, resolveSaga),
  ]);
}
