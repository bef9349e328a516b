import { HANDLED_BEFORE_RESTORE } from '../restore/handled-before-restore.constants';

/**
 * Alarms people handle (docs/alarms.md): each fire, fault and panel communication loss opens an
 * alarm for its site, which someone acknowledges and the panel clears.
 */

/** What an alarm is about, in the order a list shows them: fire first. */
export const ALARM_KINDS = ['fire', 'fault', 'communication'] as const;

export type AlarmKind = (typeof ALARM_KINDS)[number];

/** How screens name each kind. */
export const ALARM_KIND_LABELS: Readonly<Record<AlarmKind, string>> = {
  fire: 'Fire',
  fault: 'Fault',
  communication: 'Communication lost',
};

/** The title of a communication-loss alarm (it has no panel event to take one from). */
export const COMMUNICATION_LOST_ALARM_TITLE = 'Panel communication lost';

/** Why an alarm was cleared. */
export const ALARM_CLEAR_REASONS = {
  fire: 'The panel shows no zone in fire',
  fault: 'The panel shows no zone in fault',
  communication: 'The panel is connected again',
} as const satisfies Record<AlarmKind, string>;

/** The changes an alarm's timeline records (alarm_timeline). */
export const ALARM_CHANGES = ['opened', 'event', 'acknowledged', 'cleared'] as const;

export type AlarmChange = (typeof ALARM_CHANGES)[number];

/**
 * What the timeline shows of the alarm's notifications, read from their own records (each e-mail's
 * delivery, each escalation step): sent, failed, withheld (acknowledged before it was sent), an
 * escalation step taken, or stopped before it was due; or handled before a database restore lost
 * its record, its outcome unknown (docs/backup-restore.md).
 */
export const ALARM_NOTIFICATION_CHANGES = [
  'notified',
  'notification-failed',
  'notification-withheld',
  'escalated',
  'escalation-stopped',
  HANDLED_BEFORE_RESTORE,
] as const;

export type AlarmNotificationChange = (typeof ALARM_NOTIFICATION_CHANGES)[number];

/** Every entry of an alarm's timeline. */
export const ALARM_TIMELINE_CHANGES = [...ALARM_CHANGES, ...ALARM_NOTIFICATION_CHANGES] as const;

export type AlarmTimelineChange = AlarmChange | AlarmNotificationChange;

/** The longest note a user may give with an acknowledgement, in characters. */
export const ALARM_NOTE_MAX_LENGTH = 500;

/** How many handled alarms (acknowledged and cleared) the alarms list shows after those that need someone. */
export const HANDLED_ALARMS_LISTED = 50;

/** The kind of an acknowledgement's row in the site's command audit log (panel_command_audit). */
export const ALARM_AUDIT_KIND = 'alarm-acknowledge';

export const ALARM_AUDIT_LABEL = 'Alarm acknowledged';

/** The API's refusals. */
export const ALARM_MESSAGES = {
  notFound: 'Alarm not found',
  alreadyAcknowledged: 'This alarm is already acknowledged',
} as const;

export function isAlarmKind(value: unknown): value is AlarmKind {
  return typeof value === 'string' && (ALARM_KINDS as readonly string[]).includes(value);
}
