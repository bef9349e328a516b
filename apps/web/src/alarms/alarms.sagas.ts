import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'typed-redux-saga';
import { ALARM_AUDIT_LABEL } from '@app/contracts';
import { ApiError } from '../shared/api-client';
import { errorMessage } from '../shared/error-message.util';
import { SessionExpiredError } from '../auth/session-expired.error';
import { requireClaimsToken } from '../auth/token.sagas';
import {
  alarmsReceived,
  feedAuthChecked,
  feedReconnected,
  liveGapsFound,
  siteResyncRequested,
} from '../livefeed/livefeed.actions';
import { toastRequested } from '../toasts/toasts.slice';
import { acknowledgeAlarm, fetchAlarmDetail, fetchAlarms } from './alarms.api';
import { selectAlarmView, selectOpenAlarm, selectOpenDetailBehind } from './alarms.selectors';
import {
  alarmAcknowledged,
  alarmAcknowledgeFailed,
  alarmAcknowledgeFromNotification,
  alarmAcknowledgeRequested,
  alarmDetailFailed,
  alarmDetailLoaded,
  alarmDetailRequested,
  alarmsLoaded,
  alarmsLoadFailed,
  alarmsLoadRequested,
  alarmsViewOpened,
} from './alarms.slice';
import type { AlarmsSites } from './alarms-sites.types';

/** Refusals that say the list is behind: the alarm is gone, or someone acknowledged it first. */
const STALE_STATUSES: readonly number[] = [404, 409];
const ALREADY_ACKNOWLEDGED_STATUS = 409;
const ALARM_NOT_ACKNOWLEDGED_TITLE = 'Alarm not acknowledged';

export function* loadAlarms() {
  try {
    const answer = yield* call(fetchAlarms, yield* call(requireClaimsToken));
    yield* put(alarmsLoaded(answer.alarms));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(alarmsLoadFailed(errorMessage(error)));
  }
}

function* loadDetail(action: ReturnType<typeof alarmDetailRequested>) {
  const id = action.payload;
  try {
    yield* put(alarmDetailLoaded(yield* call(fetchAlarmDetail, yield* call(requireClaimsToken), id)));
  } catch (error) {
    if (!(error instanceof SessionExpiredError)) yield* put(alarmDetailFailed({ id, error: errorMessage(error) }));
  }
}

/** The open alarm changed since its timeline was read: the timeline is read again. */
function* refreshOpenDetail() {
  const behind = yield* select(selectOpenDetailBehind);
  if (behind !== null) yield* put(alarmDetailRequested(behind));
}

/** Sends the acknowledgement; its answer is applied at once (as the feed's Alarm that every other browser of the site gets) and toasted. */
function* sendAcknowledgement(id: number, note: string) {
  const claims = yield* call(requireClaimsToken);
  const alarm = yield* call(acknowledgeAlarm, claims, id, note === '' ? {} : { note });
  yield* put(alarmAcknowledged(alarm));
  const view = yield* select(selectAlarmView, id);
  yield* put(
    toastRequested({
      kind: 'success',
      title: ALARM_AUDIT_LABEL,
      text: view ? `${view.siteName}: ${view.title}` : alarm.title,
    }),
  );
}

/** A refusal that says the list is behind (the alarm is gone, or someone acknowledged it first) reads it again. */
function* readAgainWhenStale(error: unknown) {
  if (error instanceof ApiError && error.status !== undefined && STALE_STATUSES.includes(error.status))
    yield* put(alarmsLoadRequested());
}

/** Acknowledge from the dialog: a refusal shows in it. */
function* acknowledgeSaga(action: ReturnType<typeof alarmAcknowledgeRequested>) {
  const { id, note } = action.payload;
  try {
    yield* call(sendAcknowledgement, id, note);
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    yield* put(alarmAcknowledgeFailed({ id, error: errorMessage(error) }));
    yield* call(readAgainWhenStale, error);
  }
}

/**
 * Acknowledge chosen on the alarm's notification: sent with no note and no dialog, unless this
 * browser already knows someone acknowledged it. Someone acknowledging it first is no failure: the
 * page shows who once the list is read again; any other refusal is a toast.
 */
function* acknowledgeFromNotificationSaga(action: ReturnType<typeof alarmAcknowledgeFromNotification>) {
  const id = action.payload;
  if ((yield* select(selectOpenAlarm, id)).view?.acknowledged) return;
  try {
    yield* call(sendAcknowledgement, id, '');
  } catch (error) {
    if (error instanceof SessionExpiredError) return;
    if (!(error instanceof ApiError && error.status === ALREADY_ACKNOWLEDGED_STATUS))
      yield* put(toastRequested({ kind: 'error', title: ALARM_NOT_ACKNOWLEDGED_TITLE, text: errorMessage(error) }));
    yield* call(readAgainWhenStale, error);
  }
}

/** An alarms page opened: the list, and the sites' list for their names (which a bookmark may reach before any other page asked). */
function* viewOpened(sites: AlarmsSites) {
  yield* put(sites.listRequested());
  yield* put(alarmsLoadRequested());
}

/**
 * The list is asked for when a page showing it opens and whenever the sites are asked again after
 * the feed's auth check or a new connection (sign-in's included), a Resync or a gap: any of them may
 * follow Alarm messages this browser missed. Between those, the feed's Alarm messages keep it.
 */
export function* alarmsSaga(sites: AlarmsSites) {
  yield* all([
    takeEvery(alarmsViewOpened.type, viewOpened, sites),
    takeLatest(
      [
        alarmsLoadRequested.type,
        feedAuthChecked.type,
        feedReconnected.type,
        siteResyncRequested.type,
        liveGapsFound.type,
      ],
      loadAlarms,
    ),
    takeLatest(alarmDetailRequested.type, loadDetail),
    takeEvery(alarmAcknowledgeRequested.type, acknowledgeSaga),
    // A page opened twice over (React's strict mode runs its effects twice) acknowledges once.
    takeLeading(alarmAcknowledgeFromNotification.type, acknowledgeFromNotificationSaga),
    takeEvery([alarmsReceived.type, alarmAcknowledged.type, alarmsLoaded.type], refreshOpenDetail),
  ]);
}
