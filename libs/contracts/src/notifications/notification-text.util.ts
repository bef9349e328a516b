import { unknownNotificationMessage } from '../constants/messages.constants';
import { formatEventTime } from '../events/event-time.util';
import {
  NOTIFICATION_TITLES,
  isNotificationType,
  type RelayFailureData,
  type TimeDesyncData,
} from './notification-types.catalogue';

export interface NotificationDescription {
  id: number | string;
  notification_type: string;
  notification_data: Partial<TimeDesyncData & RelayFailureData> | null;
}

export function notificationTitle(notification: NotificationDescription): string {
  return isNotificationType(notification.notification_type)
    ? NOTIFICATION_TITLES[notification.notification_type]
    : unknownNotificationMessage(notification.id);
}

/** The explanation shown under the title; empty for a type this portal does not know. */
export function notificationText(notification: NotificationDescription): string {
  if (notification.notification_type === 'RELAY_FAILURE') return relayFailureText(notification.notification_data ?? {});
  if (notification.notification_type !== 'TIME_DESYNC') return '';
  const data = notification.notification_data ?? {};
  const recorded = data.recorded_time ? formatEventTime(data.recorded_time) : 'an unknown time';
  const panel = data.panel_time ? formatEventTime(data.panel_time) : 'an unknown time';
  return `An event was received at ${recorded} (UTC) while the panel reported the time as ${panel}.`;
}

function relayFailureText(data: Partial<RelayFailureData>): string {
  const relay = data.relay_name ? `Relay ${data.relay_name}` : 'A relay';
  const when = data.failed_at ? ` (gave up at ${formatEventTime(data.failed_at)} UTC)` : '';
  return `${relay} did not carry out its ${data.trigger ?? 'alarm'} action${when}: ${data.error ?? 'unknown error'}`;
}
