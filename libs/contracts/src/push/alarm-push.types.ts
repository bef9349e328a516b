import type { AlarmKind } from '../alarms/alarm-kinds.catalogue';

/**
 * Alerts on the phone (docs/push.md): Web Push (RFC 8030, payload encrypted per RFC 8291, VAPID per
 * RFC 8292) to each device a user turned push on for. One definition of what a push carries, shared
 * by the mailer that sends it and the service worker that shows it.
 */

/** The actions a fire's or fault's notification offers, by their `action` id. */
export const ALARM_PUSH_ACTIONS = {
  acknowledge: { action: 'acknowledge', title: 'Acknowledge' },
  open: { action: 'open', title: 'Open' },
} as const;

/** The body of an alarm's push: JSON, at most a few hundred bytes (push services take 4 KB). */
export interface AlarmPushMessage {
  type: 'alarm';
  /** The alarm the event opened or joined; null when it was not recorded yet when the push left. */
  alarmId: number | null;
  hwaddr: string;
  /** The panel event's sequence number; null for an escalation step's push (about the alarm). */
  seq: number | null;
  kind: AlarmKind;
  /** The notification's title: 'FIRE: Warehouse'. */
  title: string;
  /** Its text: the zone or device, where, and when the portal received it. */
  body: string;
  /** The portal path the notification opens: the alarm, or the Alarms view. */
  path: string;
  /** When the portal received the event (ISO). */
  receivedAt: string;
}

/** A test push a user sends to a device of theirs from My Account. */
export interface TestPushMessage {
  type: 'test';
  title: string;
  body: string;
  path: string;
}

export type PushMessage = AlarmPushMessage | TestPushMessage;

/** The notification's tag: one per alarm (a later push of the same alarm replaces it), else per event. */
export function alarmPushTag(message: Pick<AlarmPushMessage, 'alarmId' | 'hwaddr' | 'seq'>): string {
  return message.alarmId !== null ? `alarm-${message.alarmId}` : `event-${message.hwaddr}-${message.seq ?? 0}`;
}

/** The longest device name kept, in characters. */
export const PUSH_DEVICE_NAME_MAX_LENGTH = 100;

/** The most devices one user may have push on for; the oldest goes when one more is added. */
export const PUSH_DEVICES_PER_USER = 10;

/** The API's refusals. */
export const PUSH_MESSAGES = {
  notConfigured: 'Push notifications are not set up on this portal',
  endpointInvalid: 'The push subscription is not valid',
  endpointPrivate: 'The push service address is not allowed',
  deviceNotFound: 'Device not found',
} as const;

/** Why a device stopped getting pushes: its push service said the subscription is gone. */
export const PUSH_SUBSCRIPTION_GONE = 'The push service no longer knows this device (404/410): removed';
