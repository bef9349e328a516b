import {
  LIVEFEED_FAILURES_BEFORE_SLOW_RETRY,
  LIVEFEED_RETRY_MS,
  LIVEFEED_SLOW_RETRY_MS,
  LIVE_UPDATE_STATUS_TOAST_MS,
  MESSAGES,
  type LivefeedMessage,
} from '@app/contracts';
import { call, cancelled, delay, put, select, take } from 'typed-redux-saga';
import { requireClaimsToken } from '../auth/token.sagas';
import { eventsRefreshRequested } from '../events/events.slice';
import { notificationReceived, notificationsLoadRequested } from '../notifications/notifications.slice';
import { siteDetailRequested, sitesLoadRequested } from '../sites/sites.slice';
import { loadSites, markSiteEventsSeen } from '../sites/sites.sagas';
import { selectSiteLabel } from '../sites/sites.selectors';
import { toastRequested } from '../toasts/toasts.slice';
import type { RootState } from '../app/root.reducer';
import { connectionToast, logEventToast } from './live-toasts.util';
import { livefeedChannel, livefeedUrl, openLivefeedSocket, type LogEventData } from './livefeed.channel';
import { connectionReceived, feedClosed, feedOpened, runtimeReceived } from './realtime.slice';

function* sendToken(socket: WebSocket, force: boolean) {
  const token = yield* call(requireClaimsToken, force);
  yield* call([socket, socket.send], JSON.stringify({ type: 'TOKEN_SET', data: { token } }));
}

/** Everything the page shows is asked again, so nothing missed while offline stays missing. */
export function* refetchShownData() {
  const state = yield* select((root: RootState) => root);
  yield* put(sitesLoadRequested());
  yield* put(notificationsLoadRequested());
  if (state.events.hwaddr !== null) yield* put(eventsRefreshRequested());
  for (const hwaddr of Object.keys(state.sites.details)) yield* put(siteDetailRequested(hwaddr));
}

function* handleLogEvents(events: LogEventData[]) {
  const state = yield* select((root: RootState) => root);
  for (const event of events) yield* put(toastRequested(logEventToast(event, selectSiteLabel(state, event.hwaddr))));
  const shownSite = state.events.hwaddr;
  if (shownSite !== null && events.some((event) => event.hwaddr === shownSite)) {
    yield* put(eventsRefreshRequested());
    // The user is looking at them: they arrive seen.
    yield* call(markSiteEventsSeen, shownSite);
  }
  yield* put(sitesLoadRequested());
}

function* handleMessage(socket: WebSocket, message: Exclude<LivefeedMessage, { type: 'LogEvent' }>) {
  switch (message.type) {
    case 'INIT':
      yield* call(sendToken, socket, true);
      return;
    case 'AUTH_CHK':
      yield* call(requireClaimsToken, true);
      yield* call(loadSites);
      yield* call(sendToken, socket, false);
      return;
    case 'NotificationEvent':
      yield* put(notificationReceived(message.data.notification));
      yield* put(sitesLoadRequested());
      return;
    case 'Connection': {
      const name = yield* select(selectSiteLabel, message.data.hwaddr);
      yield* put(connectionReceived(message.data));
      yield* put(toastRequested(connectionToast(name, message.data.connected)));
      return;
    }
    case 'Runtime':
      yield* put(runtimeReceived(message.data));
      return;
    case 'Resync':
      if (yield* select((state: RootState) => message.data.hwaddr in state.sites.details)) {
        yield* put(siteDetailRequested(message.data.hwaddr));
      }
      return;
    case 'ConfigSync':
      console.info('Live feed configuration sync', message.data);
      return;
  }
}

/** One connection of the live feed, until it closes. Returns whether it opened. */
function* runConnection(failures: number, reconnecting: boolean) {
  const socket = yield* call(openLivefeedSocket, livefeedUrl());
  const channel = yield* call(livefeedChannel, socket);
  let opened = false;
  try {
    while (true) {
      const signal = yield* take(channel);
      if (signal.kind === 'close') return opened;
      if (signal.kind === 'open') {
        opened = true;
        yield* put(feedOpened());
        if (failures > LIVEFEED_FAILURES_BEFORE_SLOW_RETRY) {
          yield* put(toastRequested({ kind: 'info', text: MESSAGES.liveUpdatesConnected, durationMs: LIVE_UPDATE_STATUS_TOAST_MS }));
        }
        if (reconnecting) yield* call(refetchShownData);
      } else if (signal.kind === 'logEvents') {
        yield* call(handleLogEvents, signal.events);
      } else {
        try {
          yield* call(handleMessage, socket, signal.message);
        } catch (error) {
          console.warn('Live feed message not handled', error);
        }
      }
    }
  } finally {
    channel.close();
    if (yield* cancelled()) socket.close();
  }
}

/** Owns the websocket while signed in: reconnects after 5 s, after more than 5 failures every 15 s. */
export function* livefeedSaga() {
  let everOpened = false;
  while (true) {
    const failuresBefore = yield* select((state: RootState) => state.realtime.failures);
    if (yield* call(runConnection, failuresBefore, everOpened)) everOpened = true;
    yield* put(feedClosed());
    const failures = yield* select((state: RootState) => state.realtime.failures);
    if (failures === LIVEFEED_FAILURES_BEFORE_SLOW_RETRY + 1) {
      yield* put(
        toastRequested({
          kind: 'warning',
          title: MESSAGES.liveUpdatesIssueTitle,
          text: MESSAGES.liveUpdatesIssue,
          durationMs: LIVE_UPDATE_STATUS_TOAST_MS,
        }),
      );
    }
    yield* delay(failures > LIVEFEED_FAILURES_BEFORE_SLOW_RETRY ? LIVEFEED_SLOW_RETRY_MS : LIVEFEED_RETRY_MS);
  }
}
