import {
  ALARM_KIND_LABELS,
  DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS,
  eventTimesText,
  formatEventTime,
  isLocationShown,
  siteLabel,
  type AlarmKind,
  type AlarmPushMessage,
  type EscalatedAlarm,
  type OutageChange,
  type PanelEventMessage,
} from '@app/contracts';
import type { MailedOutage } from '@app/messaging';

/** The titles of a push by the alarm's kind: a fire shouts, the others do not. */
const TITLE_PREFIX: Readonly<Record<AlarmKind, string>> = {
  fire: 'FIRE',
  fault: 'Fault',
  communication: 'Communication lost',
};

/**
 * The push of one fire or fault as its user sees it: the site by their own name for it, the zone or
 * device and where, when the portal received it (UTC, and the panel's clock when that was off);
 * opening it goes to the alarm, or to the Alarms view while the alarm was not recorded yet.
 */
export function alarmPushMessage(
  event: PanelEventMessage & { category: 'fire' | 'fault' },
  nickname: string,
  alarmId: number | null,
  timeDesyncThresholdSeconds = DEFAULT_TIME_DESYNC_THRESHOLD_SECONDS,
): AlarmPushMessage {
  const where = isLocationShown(event.location) ? ` (${event.location})` : '';
  return {
    type: 'alarm',
    alarmId,
    hwaddr: event.hwaddr,
    seq: event.seq,
    kind: event.category,
    title: `${TITLE_PREFIX[event.category]}: ${siteLabel(nickname, event.hwaddr)}`,
    body: `${event.title}${where} · ${eventTimesText(event, timeDesyncThresholdSeconds)}`,
    path: alarmId !== null ? `/alarms/${alarmId}` : '/alarms',
    receivedAt: event.receivedAt,
  };
}

/** The push of an escalation step: the alarm nobody acknowledged, opening it where it is acknowledged. */
export function escalationPushMessage(alarm: EscalatedAlarm, nickname: string): AlarmPushMessage {
  const where = alarm.location ? ` (${alarm.location})` : '';
  return {
    type: 'alarm',
    alarmId: alarm.alarmId,
    hwaddr: alarm.hwaddr,
    seq: null,
    kind: alarm.kind,
    title: `${TITLE_PREFIX[alarm.kind]}: ${siteLabel(nickname, alarm.hwaddr)}, not acknowledged`,
    body: `${alarm.title}${where}: nobody has acknowledged this ${ALARM_KIND_LABELS[alarm.kind].toLowerCase()} alarm in ${alarm.afterMinutes} minutes`,
    path: `/alarms/${alarm.alarmId}`,
    receivedAt: alarm.openedAt.toISOString(),
  };
}

/**
 * The push of a panel's communication lost, or back: the site by its user's name for it and since
 * when (UTC); it opens the panel's communication alarm (the Alarms view when none opened), and, by
 * the alarm's tag, the one for its return replaces the one for its loss.
 */
export function outagePushMessage(
  outage: Pick<MailedOutage, 'hwaddr' | 'lostAt' | 'restoredAt'>,
  change: OutageChange,
  nickname: string,
  alarmId: number | null,
): AlarmPushMessage {
  const site = siteLabel(nickname, outage.hwaddr);
  const lostAt = formatEventTime(outage.lostAt);
  const restoredAt = outage.restoredAt ?? outage.lostAt;
  return {
    type: 'alarm',
    alarmId,
    hwaddr: outage.hwaddr,
    seq: null,
    kind: 'communication',
    ...(change === 'lost'
      ? {
          title: `${TITLE_PREFIX.communication}: ${site}`,
          body: `No communication with the panel since ${lostAt} UTC: its fires and faults do not reach the portal`,
        }
      : {
          title: `Communication restored: ${site}`,
          body: `The panel is connected again since ${formatEventTime(restoredAt)} UTC (lost at ${lostAt} UTC)`,
        }),
    path: alarmId !== null ? `/alarms/${alarmId}` : '/alarms',
    receivedAt: (change === 'lost' ? outage.lostAt : restoredAt).toISOString(),
  };
}
