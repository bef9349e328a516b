import {
  formatEventTime,
  isLocationShown,
  siteLabel,
  type AlarmPushMessage,
  type PanelEventMessage,
} from '@app/contracts';

/** The titles of a push by the event's category: a fire shouts, a fault does not. */
const TITLE_PREFIX: Readonly<Record<'fire' | 'fault', string>> = { fire: 'FIRE', fault: 'Fault' };

/**
 * The push of one fire or fault as its user sees it: the site by their own name for it, the zone or
 * device and where, when the portal received it (UTC); opening it goes to the alarm, or to the
 * Alarms view while the alarm was not recorded yet.
 */
export function alarmPushMessage(
  event: PanelEventMessage & { category: 'fire' | 'fault' },
  nickname: string,
  alarmId: number | null,
): AlarmPushMessage {
  const where = isLocationShown(event.location) ? ` (${event.location})` : '';
  return {
    type: 'alarm',
    alarmId,
    hwaddr: event.hwaddr,
    seq: event.seq,
    kind: event.category,
    title: `${TITLE_PREFIX[event.category]}: ${siteLabel(nickname, event.hwaddr)}`,
    body: `${event.title}${where} · ${formatEventTime(event.receivedAt)} UTC`,
    path: alarmId !== null ? `/alarms/${alarmId}` : '/alarms',
    receivedAt: event.receivedAt,
  };
}
