import { createAction } from '@reduxjs/toolkit';
import type { LivefeedServerMessageMap, RuntimeReport } from '@app/contracts';

/**
 * What the live feed tells the client, as actions every domain may handle (events, sites,
 * notifications, panels, relays, and the feed's own slice and toasts). The feed imports none of the
 * domains that handle them (the root saga hands it what it needs of sites), so no import closes a
 * circle: the saga dispatches, each slice and saga reacts to what concerns it.
 */

export type LiveLogEvent = LivefeedServerMessageMap['LogEvent'];
export type LiveNotificationEvent = LivefeedServerMessageMap['NotificationEvent'];
export type LiveConfigSync = LivefeedServerMessageMap['ConfigSync'];
export type LiveRelayRun = LivefeedServerMessageMap['RelayRun'];
export type LiveAlarm = LivefeedServerMessageMap['Alarm'];

/** A burst of stored events, in the order the server sent them: one action per burst (one re-render). */
export const logEventsReceived = createAction<LiveLogEvent[]>('livefeed/logEventsReceived');

/** A stored notification, new or changed, with the user's new unread count for its site. */
export const notificationEventReceived = createAction<LiveNotificationEvent>('livefeed/notificationEventReceived');

/** A network's new configuration, flat as in the site detail. */
export const configSyncReceived = createAction<LiveConfigSync>('livefeed/configSyncReceived');

/** The panel's connection flag changed. */
export const connectionReceived = createAction<LivefeedServerMessageMap['Connection']>('livefeed/connectionReceived');

/** A network's latest runtime report. */
export interface LiveRuntime {
  hwaddr: string;
  networkId: number;
  report: RuntimeReport;
}

/**
 * The runtime reports of a burst, the latest of each network, in the order they came: one action per
 * burst (one re-render of the Site Manager's tiles however many panels report at once).
 */
export const runtimesReceived = createAction<LiveRuntime[]>('livefeed/runtimesReceived');

/**
 * A site's test mode started (its test mode) or ended (null), told by the feed's TestMode, or by the
 * API's answer to this browser's own start or end (docs/test-mode.md).
 */
export const testModeReceived = createAction<LivefeedServerMessageMap['TestMode']>('livefeed/testModeReceived');

/**
 * Alarms of the user's sites that opened, were joined by another event, acknowledged or cleared
 * (docs/alarms.md), each as it is after the change: one action per burst (one re-render however
 * many alarms change at once).
 */
export const alarmsReceived = createAction<LiveAlarm[]>('livefeed/alarmsReceived');

/** A run of one of the user's relays started, failed an attempt or ended: the run as the runs API lists it. */
export const relayRunReceived = createAction<LiveRelayRun>('livefeed/relayRunReceived');

/** The server asks the client to fetch the site's data again (its panel came back, or it may have missed messages). */
export const siteResyncRequested = createAction<{ hwaddr: string }>('livefeed/siteResyncRequested');

/**
 * The live feed lost messages about these sites on the way (a skipped sequence number, a Heartbeat
 * ahead of what arrived): each domain asks again, at once, for what it shows of them.
 */
export const liveGapsFound = createAction<{ hwaddrs: string[] }>('livefeed/gapsFound');
/** AUTH_CHK: the user's sites may have changed; the list is asked again. */
export const feedAuthChecked = createAction('livefeed/feedAuthChecked');

/**
 * The feed's socket listens (its first Heartbeat came, after every connection, the first one
 * included): what was shown was fetched before it could hear of changes, so every domain asks again
 * for what it shows.
 */
export const feedReconnected = createAction('livefeed/feedReconnected');
