import { type AlarmAcknowledgement, type AlarmTimelineChange, type AlarmDto, type AlarmKind } from '@app/contracts';
import { shownTime } from '../shared/shown-time.util';

/** Bootstrap's colours of each kind, as the app marks fire and fault elsewhere: fire red, fault amber. */
export const ALARM_KIND_BADGES: Readonly<Record<AlarmKind, { bg: string; text?: 'dark' }>> = {
  fire: { bg: 'danger' },
  fault: { bg: 'warning', text: 'dark' },
  communication: { bg: 'secondary' },
};

/** How an alarm's timeline names each change. */
export const ALARM_CHANGE_LABELS: Readonly<Record<AlarmTimelineChange, string>> = {
  opened: 'Opened',
  event: 'Event',
  acknowledged: 'Acknowledged',
  cleared: 'Cleared',
  notified: 'Notified',
  'notification-failed': 'Notification failed',
  'notification-withheld': 'Notification withheld',
  escalated: 'Escalated',
  'escalation-stopped': 'Escalation stopped',
  'handled-before-restore': 'Handled before restore',
};

export const openedText = (alarm: Pick<AlarmDto, 'openedAt'>) => `Opened ${shownTime(alarm.openedAt)}`;

/** 'Latest event … (3 events)' once another event joined the first; null until then. */
export function latestEventText(alarm: Pick<AlarmDto, 'events' | 'lastEventAt'>): string | null {
  if (alarm.events <= 1) return null;
  return `Latest event ${shownTime(alarm.lastEventAt)} (${alarm.events} events)`;
}

/** When it cleared and why; null while active. */
export function clearedText(alarm: Pick<AlarmDto, 'clearedAt' | 'clearReason'>): string | null {
  if (alarm.clearedAt === null) return null;
  const at = shownTime(alarm.clearedAt);
  return alarm.clearReason ? `${at}: ${alarm.clearReason}` : at;
}

export const acknowledgedText = (acknowledgement: AlarmAcknowledgement) =>
  `Acknowledged by ${acknowledgement.by} at ${shownTime(acknowledgement.at)}`;
