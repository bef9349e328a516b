import { ALARM_KINDS } from './alarm-kinds.catalogue';
import type { AlarmDto } from '../api/alarms-api.types';

/** What the order and the counts need of an alarm. */
type OrderedAlarm = Pick<AlarmDto, 'kind' | 'openedAt' | 'acknowledgement' | 'clearedAt' | 'id'>;

/** Waiting for someone: not acknowledged, whether the panel cleared it or not. */
export function isUnacknowledged(alarm: Pick<AlarmDto, 'acknowledgement'>): boolean {
  return alarm.acknowledgement === null;
}

/** Nothing left to do: acknowledged and cleared. */
export function isHandled(alarm: Pick<AlarmDto, 'acknowledgement' | 'clearedAt'>): boolean {
  return alarm.acknowledgement !== null && alarm.clearedAt !== null;
}

/**
 * The alarms list's order, on the server and in the browser alike: unacknowledged first, then
 * fire before fault before communication, then active before cleared, then the newest first.
 */
export function compareAlarms(a: OrderedAlarm, b: OrderedAlarm): number {
  return (
    Number(!isUnacknowledged(a)) - Number(!isUnacknowledged(b)) ||
    ALARM_KINDS.indexOf(a.kind) - ALARM_KINDS.indexOf(b.kind) ||
    Number(a.clearedAt !== null) - Number(b.clearedAt !== null) ||
    b.openedAt.localeCompare(a.openedAt) ||
    b.id - a.id
  );
}
