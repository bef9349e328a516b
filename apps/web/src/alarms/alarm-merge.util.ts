import type { AlarmDto } from '@app/contracts';

/**
 * How far an alarm has moved. An alarm only moves forward: events join it while it is active, it is
 * acknowledged once and cleared once, so a copy that has moved further is the later one.
 */
export function alarmProgress(alarm: Pick<AlarmDto, 'events' | 'acknowledgement' | 'clearedAt'>): number {
  return alarm.events * 4 + (alarm.acknowledgement !== null ? 2 : 0) + (alarm.clearedAt !== null ? 1 : 0);
}

/** Of two copies of an alarm, the later state wins (the left one when neither is later). */
export function newerAlarm<T extends AlarmDto>(left: T, right: T): T {
  return alarmProgress(right) > alarmProgress(left) ? right : left;
}

/** The list with these alarms put in: a known one replaced by the later copy, a new one added. */
export function withAlarms(list: AlarmDto[], changed: AlarmDto[]): AlarmDto[] {
  const byId = new Map(list.map((alarm) => [alarm.id, alarm]));
  for (const alarm of changed) {
    const known = byId.get(alarm.id);
    byId.set(alarm.id, known ? newerAlarm(known, alarm) : alarm);
  }
  return [...byId.values()];
}
