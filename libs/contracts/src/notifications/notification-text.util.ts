import { unknownNotificationMessage } from '../constants/messages.constants';
import { formatEventTime } from '../events/event-time.util';
import {
  NOTIFICATION_TITLES,
  isNotificationType,
  type NotificationDataMap,
  type NotificationType,
  type PanelOfflineData,
  type RelayFailureData,
  type TestModeData,
  type TimeDesyncData,
} from './notification-types.catalogue';

export interface NotificationDescription {
  id: number | string;
  notification_type: string;
  notification_data: Partial<TimeDesyncData & RelayFailureData & PanelOfflineData & TestModeData> | null;
}

export function notificationTitle(notification: NotificationDescription): string {
  return isNotificationType(notification.notification_type)
    ? NOTIFICATION_TITLES[notification.notification_type]
    : unknownNotificationMessage(notification.id);
}

/** The explanation shown under the title; empty for a type this portal does not know. */
export function notificationText(notification: NotificationDescription): string {
  if (!isNotificationType(notification.notification_type)) return '';
  return NOTIFICATION_TEXTS[notification.notification_type](notification.notification_data ?? {});
}

/** When the event of which panel arrived, the time the panel reported, and the sync that set it right. */
function timeDesyncText(data: Partial<TimeDesyncData>): string {
  const recorded = data.recorded_time ? formatEventTime(data.recorded_time) : 'an unknown time';
  const panel = data.panel_time ? formatEventTime(data.panel_time) : 'an unknown time';
  const from = typeof data.network_id === 'number' ? ` from panel ${data.network_id}` : '';
  const text = `An event${from} was received at ${recorded} (UTC) while the panel reported the time as ${panel}.`;
  if (!data.synced_at) return text;
  const by = data.synced_by ? ` by ${data.synced_by}` : '';
  return `${text} Its clock was set to the portal's time at ${formatEventTime(data.synced_at)} (UTC)${by}.`;
}

function relayFailureText(data: Partial<RelayFailureData>): string {
  const relay = data.relay_name ? `Relay ${data.relay_name}` : 'A relay';
  const when = data.failed_at ? ` (gave up at ${formatEventTime(data.failed_at)} UTC)` : '';
  return `${relay} did not carry out its ${data.trigger ?? 'alarm'} action${when}: ${data.error ?? 'unknown error'}`;
}

/** Since when, until when if it came back, and how often it was lost when more than once. */
function panelOfflineText(data: Partial<PanelOfflineData>): string {
  const lost = data.lost_at ? formatEventTime(data.lost_at) : 'an unknown time';
  const text = data.restored_at
    ? `No communication with the panel from ${lost} (UTC). Communication restored at ${formatEventTime(data.restored_at)} (UTC).`
    : `No communication with the panel since ${lost} (UTC).`;
  if (!data.losses || data.losses < 2 || !data.first_lost_at) return text;
  return `${text} Communication was lost ${data.losses} times since ${formatEventTime(data.first_lost_at)} (UTC).`;
}

/** Who started it and why, until when relay actions and e-mails are held back, and how it ended. */
function testModeText(data: Partial<TestModeData>): string {
  const started = `${data.started_by ?? 'Someone'} started test mode: ${data.reason ?? ''}`.trimEnd();
  const until = data.until ? formatEventTime(data.until) : 'an unknown time';
  if (!data.ended_at)
    return `${started}. Until ${until} (UTC), its events are marked as test and its relay actions and e-mails are not sent.`;
  const ended = formatEventTime(data.ended_at);
  return data.ended_by
    ? `${started}. Ended by ${data.ended_by} at ${ended} (UTC).`
    : `${started}. Ended at ${ended} (UTC), as planned.`;
}

/** Each kind's text from its data: a kind missing here fails the typecheck. */
const NOTIFICATION_TEXTS: { [K in NotificationType]: (data: Partial<NotificationDataMap[K]>) => string } = {
  TIME_DESYNC: timeDesyncText,
  RELAY_FAILURE: relayFailureText,
  PANEL_OFFLINE: panelOfflineText,
  TEST_MODE: testModeText,
};
