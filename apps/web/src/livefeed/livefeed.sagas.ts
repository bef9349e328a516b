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
import {
  alarmsReceived,
  configSyncReceived,
  connectionReceived,
  feedAuthChecked,
  feedReconnected,
  liveGapsFound,
  logEventsReceived,
  notificationEventReceived,
  relayRunReceived,
  runtimesReceived,
  siteResyncRequested,
  testModeReceived,
} from './livefeed.actions';
import type { RootState } from '../shared/root-state.types';
import { toastRequested } from '../toasts/toasts.slice';
import type { LivefeedSites } from './livefeed-sites.types';
import { livefeedChannel, livefeedUrl, openLivefeedSocket } from './livefeed.channel';
import { feedClosed, feedOpened } from './livefeed.slice';

function* sendToken(socket: WebSocket, force: boolean) {
  const token = yield* call(requireClaimsToken, force);
  // batch: the messages of one emit window come in one frame (a burst costs the page one message event).
  yield* call([socket, socket.send], JSON.stringify({ type: 'TOKEN_SET', data: { token, batch: true } }));
}

/**
 * Each message becomes one action that the domains handle themselves (the stored event, counts,
 * notification and configuration travel with it): nothing here asks the API for data.
 */
function* handleMessage(
  socket: WebSocket,
  message: Exclude<LivefeedMessage, { type: 'LogEvent' | 'Heartbeat' | 'Runtime' | 'Alarm' }>,
  sites: LivefeedSites,
) {
  switch (message.type) {
    case 'INIT':
      yield* call(sendToken, socket, true);
      return;
    case 'AUTH_CHK':
      yield* call(requireClaimsToken, true);
      yield* put(feedAuthChecked());
      // The list first (the sites domain reloads it on feedAuthChecked), so that what the feed
      // tells next is named by it; an ended session cancels this saga.
      yield* take(sites.listSettled);
      yield* call(sendToken, socket, false);
      return;
    case 'NotificationEvent':
      yield* put(notificationEventReceived(message.data));
      return;
    case 'Connection':
      yield* put(connectionReceived(message.data));
      return;
    case 'Resync':
      // The server found the site's sockets missed something (or its panel came back).
      console.debug(`Live feed Resync of ${message.data.hwaddr}: fetching it again`);
      yield* put(siteResyncRequested({ hwaddr: message.data.hwaddr }));
      return;
    case 'ConfigSync':
      yield* put(configSyncReceived(message.data));
      return;
    case 'RelayRun':
      yield* put(relayRunReceived(message.data));
      return;
    case 'TestMode':
      yield* put(testModeReceived(message.data));
      return;
    default: {
      // A message type added to the contract and not handled here fails the typecheck.
      const unhandled: never = message;
      console.debug('Live feed message not handled', unhandled);
    }
  }
}

/** One connection of the live feed, until it closes. */
function* runConnection(failures: number, sites: LivefeedSites) {
  const socket = yield* call(openLivefeedSocket, livefeedUrl());
  const channel = yield* call(livefeedChannel, socket);
  try {
    while (true) {
      const signal = yield* take(channel);
      if (signal.kind === 'close') return;
      if (signal.kind === 'open') {
        yield* put(feedOpened());
        if (failures > LIVEFEED_FAILURES_BEFORE_SLOW_RETRY) {
          yield* put(
            toastRequested({
              kind: 'info',
              text: MESSAGES.liveUpdatesConnected,
              durationMs: LIVE_UPDATE_STATUS_TOAST_MS,
            }),
          );
        }
      } else if (signal.kind === 'listening') {
        // Only now does the server send this socket its sites' messages: what was fetched before
        // (before sign-in's socket, or while the feed was down) may lack some, so it is asked again.
        yield* put(feedReconnected());
      } else if (signal.kind === 'logEvents') {
        yield* put(logEventsReceived(signal.events));
      } else if (signal.kind === 'runtimes') {
        yield* put(runtimesReceived(signal.reports));
      } else if (signal.kind === 'alarms') {
        yield* put(alarmsReceived(signal.alarms));
      } else if (signal.kind === 'gaps') {
        for (const gap of signal.gaps)
          console.debug(`Live feed gap on ${gap.hwaddr} (${gap.reason}): fetching it again`);
        yield* put(liveGapsFound({ hwaddrs: signal.gaps.map((gap) => gap.hwaddr) }));
      } else {
        try {
          yield* call(handleMessage, socket, signal.message, sites);
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
export function* livefeedSaga(sites: LivefeedSites) {
  while (true) {
    const failuresBefore = yield* select((state: RootState) => state.livefeed.failures);
    yield* call(runConnection, failuresBefore, sites);
    yield* put(feedClosed());
    const failures = yield* select((state: RootState) => state.livefeed.failures);
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
