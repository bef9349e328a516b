import type { AlarmDto } from '../api/alarms-api.types';
import type { NotificationDto } from '../api/notifications-api.types';
import type { RelayActionRunDto } from '../api/relays-api.types';
import type { SitePanel } from '../api/sites-api.types';
import type { SiteTestMode } from '../api/test-mode-api.types';
import type { EventCategory } from '../events/event-categories.catalogue';
import type { RuntimeReport } from '../panel/runtime.types';
import type { HandledBeforeRestore } from '../restore/handled-before-restore.constants';

/** The live feed's messages (spec 7, "Live feed"), each `{ type, data }` as JSON on the websocket. */

export type LivefeedLogCategory = 'fire' | 'fault' | 'other';

/** The receiving user's counts for the site after the message, as GET /v2/sites computes them. */
export interface LivefeedSiteCounts {
  /** Unread events plus unresolved notifications. */
  unreadCount: number;
  /** Unread events per network id. */
  perPanelCount: Record<string, number>;
}

/**
 * LogEvent: the spec's `hwaddr, category, title`, the stored event as the events API returns it
 * (`eventCategory` is the event's own category; `category` keeps the spec's three values) and the
 * receiving user's new counts for the site.
 */
export interface LivefeedLogEventData extends LivefeedSiteCounts {
  hwaddr: string;
  category: LivefeedLogCategory;
  title: string;
  id: number;
  networkId: number;
  /** The panel's time of the event, ISO 8601 (the spec's `date`). */
  date: string;
  location: string;
  eventCategory: EventCategory;
  /** Added: when the portal received it, ISO 8601: what lists order by (docs/api.md, "Event times"). */
  receivedAt: string;
  /**
   * Added: the event arrived while its site was in test mode (docs/test-mode.md). portal-api always
   * sends it; absent reads as false.
   */
  test?: boolean;
}

/**
 * What a relay run's change was: an attempt started (the board is being driven), an attempt failed
 * and will be tried again, or the run ended (`suppressed`: its site was in test mode, nothing was
 * driven; `handled-before-restore`: driven before a database restore lost its record, written by
 * the replay, docs/backup-restore.md). A run only moves forward: each attempt starts, then
 * fails for a retry or ends; a run that failed for good may start again (its job was retried).
 */
export type RelayRunChange = 'started' | 'retrying' | 'succeeded' | 'failed' | 'suppressed' | HandledBeforeRestore;

/** RelayRun: one of the user's relay runs as GET /relays/{relayId}/runs lists it, right after a change. */
export interface LivefeedRelayRunData {
  relayId: number;
  change: RelayRunChange;
  run: RelayActionRunDto;
}

/** What a Heartbeat tells of one site the socket may see. */
export interface LivefeedSiteMark {
  /** The `seq` of the site's latest message this socket was to receive (0: none yet on this socket's copy). */
  seq: number;
  /** The newest stored event of the site this copy knows of (delivered live or found by its audit); null: none known yet. */
  newestEventId: number | null;
}

/** Server → browser. */
export interface LivefeedServerMessageMap {
  /** Refresh auth, then send the token. */
  INIT: Record<string, never>;
  /** Refresh auth, reload sites, send the token. */
  AUTH_CHK: Record<string, never>;
  /** The stored notification and the receiving user's new unread count for the site. */
  NotificationEvent: { hwaddr: string; notification: NotificationDto; unreadCount: number };
  LogEvent: LivefeedLogEventData;
  /** `at`: when the gateway saw the change (ISO); absent from servers that predate it. */
  Connection: { hwaddr: string; connected: boolean; at?: string };
  Runtime: { hwaddr: string; networkId: number; report: RuntimeReport };
  Resync: { hwaddr: string };
  /** The network's new configuration, flat as in GET /v2/sites/{hwaddr} (hwaddr and networkId included). */
  ConfigSync: SitePanel;
  /**
   * Added: sent every heartbeat period, per site the socket's claims list, so that a browser can tell
   * it missed a message even when no later message of the site comes (see docs/reliability.md, Live feed).
   */
  Heartbeat: { sites: Record<string, LivefeedSiteMark> };
  /**
   * Added: a run of one of the user's relays started, failed an attempt or ended; to the relay's owner
   * only, not numbered (it concerns no site's sequence).
   */
  RelayRun: LivefeedRelayRunData;
  /**
   * Added: the site's test mode started (its test mode) or ended (null), to every socket of the site
   * (docs/test-mode.md).
   */
  TestMode: { hwaddr: string; testMode: SiteTestMode | null };
  /**
   * Added: one of the site's alarms opened, joined by another event, was acknowledged or cleared
   * (docs/alarms.md); the alarm after the change, as GET /v2/alarms lists it.
   */
  Alarm: { hwaddr: string; alarm: AlarmDto };
}

export type LivefeedMessageType = keyof LivefeedServerMessageMap;

export type LivefeedMessage = {
  [K in LivefeedMessageType]: {
    type: K;
    data: LivefeedServerMessageMap[K];
    /**
     * Added on every message about one site (data.hwaddr): the site's sequence on the socket, one more
     * than the site's previous message. A jump means messages were lost on the way: fetch the site again.
     */
    seq?: number;
  };
}[LivefeedMessageType];

export type LivefeedMessageOf<K extends LivefeedMessageType> = Extract<LivefeedMessage, { type: K }>;

/** Browser → server. */
export interface LivefeedClientMessageMap {
  /**
   * Carries the claims token, either as the data itself or as `{ token }`; anything else (or an
   * invalid or expired token) closes the socket with 4401 and the reason. Added: `batch: true` asks
   * for the messages of one emit window in one frame (see parseLivefeedFrame); without it, as the
   * spec has it, one message per frame.
   */
  TOKEN_SET: string | { token: string; batch?: boolean };
}

export type LivefeedClientMessageType = keyof LivefeedClientMessageMap;

export type LivefeedClientMessage = {
  [K in LivefeedClientMessageType]: { type: K; data: LivefeedClientMessageMap[K] };
}[LivefeedClientMessageType];

/**
 * Every message type of the map, each once: a type added to LivefeedServerMessageMap and not here
 * (or here and not there) fails the typecheck, so no message the server sends is dropped as unknown.
 */
const LIVEFEED_MESSAGE_TYPE_SET = {
  INIT: true,
  AUTH_CHK: true,
  NotificationEvent: true,
  LogEvent: true,
  Connection: true,
  Runtime: true,
  Resync: true,
  ConfigSync: true,
  Heartbeat: true,
  RelayRun: true,
  TestMode: true,
  Alarm: true,
} as const satisfies Record<LivefeedMessageType, true>;

export const LIVEFEED_MESSAGE_TYPES = Object.keys(LIVEFEED_MESSAGE_TYPE_SET) as readonly LivefeedMessageType[];

/**
 * What publishers put on the live subjects (NATS), before portal-api's copies add the receiving
 * user's counts: LogEvent without the counts (its receive time, which unread counts go by, is the
 * browsers' too), NotificationEvent without the unread count. Every other message is sent as published.
 */
export interface LivefeedPublishedDataMap extends Omit<LivefeedServerMessageMap, 'LogEvent' | 'NotificationEvent'> {
  LogEvent: Omit<LivefeedLogEventData, keyof LivefeedSiteCounts>;
  NotificationEvent: Omit<LivefeedServerMessageMap['NotificationEvent'], 'unreadCount'>;
}

export type LivefeedPublishedMessage = {
  [K in LivefeedMessageType]: { type: K; data: LivefeedPublishedDataMap[K] };
}[LivefeedMessageType];

export type LivefeedPublishedMessageOf<K extends LivefeedMessageType> = Extract<LivefeedPublishedMessage, { type: K }>;
