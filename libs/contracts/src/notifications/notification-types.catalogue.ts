import type { NotificationDto } from '../api/notifications-api.types';
import { MESSAGES } from '../constants/messages.constants';

/**
 * Kinds of site notification (spec 3, 4), each defined here once by its data; the places that must
 * know every kind are records over NotificationType, so a kind added here and missing from one of
 * them fails the typecheck (docs/adding-a-notification-type.md).
 */
export interface NotificationDataMap {
  TIME_DESYNC: TimeDesyncData;
  RELAY_FAILURE: RelayFailureData;
  PANEL_OFFLINE: PanelOfflineData;
  TEST_MODE: TestModeData;
}

export type NotificationType = keyof NotificationDataMap;

export const NOTIFICATION_TITLES = {
  TIME_DESYNC: MESSAGES.panelTimeOutOfSync,
  RELAY_FAILURE: 'Relay action failed',
  PANEL_OFFLINE: 'Panel communication lost',
  TEST_MODE: 'Site in test mode',
} as const satisfies Record<NotificationType, string>;

/**
 * Whom a notification of each kind is for: every user of its site, or one user (a relay's owner;
 * each other user of a site whose test mode started).
 */
export const NOTIFICATION_AUDIENCES = {
  TIME_DESYNC: 'site',
  RELAY_FAILURE: 'user',
  PANEL_OFFLINE: 'site',
  TEST_MODE: 'user',
} as const satisfies Record<NotificationType, 'site' | 'user'>;

/** The kinds whose notifications are each for one user. */
export type UserNotificationType = {
  [K in NotificationType]: (typeof NOTIFICATION_AUDIENCES)[K] extends 'user' ? K : never;
}[NotificationType];

export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TITLES) as readonly NotificationType[];

/** resolved_by of a notification the portal resolved itself (a panel whose communication came back). */
export const SYSTEM_RESOLVER_NAME = 'System';

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/**
 * A notification's data when it is of kind `type`, null otherwise. The DTO types its data as the
 * spec's TIME_DESYNC; each kind has data of its own, and a row of an older shape may lack fields.
 */
export function notificationDataOf<K extends NotificationType>(
  notification: Pick<NotificationDto, 'notification_type' | 'notification_data'>,
  type: K,
): Partial<NotificationDataMap[K]> | null {
  if (notification.notification_type !== type) return null;
  return (notification.notification_data ?? {}) as unknown as Partial<NotificationDataMap[K]>;
}

/**
 * Data of a TIME_DESYNC notification: when the event arrived and the time the panel reported (ISO),
 * the panel (network) whose event it was, and, once a Sync panel clock set the clock, when and by whom.
 */
export interface TimeDesyncData {
  recorded_time: string;
  panel_time: string;
  network_id?: number;
  synced_at?: string;
  synced_by?: string;
}

/** Data of a RELAY_FAILURE notification: which relay did not act on which event, and why. */
export interface RelayFailureData {
  relay_id: number;
  relay_name: string;
  /** 'fire' or 'fault'. */
  trigger: string;
  event_seq: number;
  error: string;
  failed_at: string;
}

/**
 * Data of a PANEL_OFFLINE notification (docs/alerts.md). A panel that is lost again soon after a
 * loss was mailed re-opens the same notification: `losses` counts them, `first_lost_at` is the first.
 */
export interface PanelOfflineData {
  /** When the latest loss began: the panel is offline since then while `restored_at` is null. */
  lost_at: string;
  /** When communication came back; null while the panel is offline. */
  restored_at: string | null;
  losses: number;
  first_lost_at: string;
}

/**
 * Data of a TEST_MODE notification (docs/test-mode.md), one for each other user of the site: who
 * started test mode, why and until when; when it ended, and who ended it (null: it ended by itself).
 */
export interface TestModeData {
  test_mode_id: number;
  started_by: string;
  reason: string;
  until: string;
  ended_at: string | null;
  ended_by: string | null;
}
