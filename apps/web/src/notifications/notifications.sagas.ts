import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, put, takeEvery, takeLatest } from 'typed-redux-saga';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import { feedReconnected, liveGapsFound } from '../livefeed/livefeed.actions';
import { sitesLoadRequested } from '../sites/sites.slice';
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
    yield* put(notificationResolveFinished({ id: action.payload, resolved: true, error: null }));
    // The resolved entry changes, and the sites' badges with it.
    yield* put(sitesLoadRequested());
    yield* call(loadNotifications);
  } catch (error) {
    // An ended session is already being dealt with; the button is released without an alert.
    const message = error instanceof SessionExpiredError ? null : errorMessage(error);
    yield* put(notificationResolveFinished({ id: action.payload, resolved: false, error: message }));
  }
}

export function* notificationsSaga() {
  yield* all([
    takeLatest(notificationsLoadRequested.type, loadNotifications),
    // Messages missed while the feed was down, or lost on the way (a gap may be a NotificationEvent):
    // the list is asked again.
    takeLatest([feedReconnected.type, liveGapsFound.type], loadNotifications),
    takeEvery(notificationResolveRequested.type, resolveSaga),
  ]);
}
