/** Kinds of site notification (spec 3, 4). */

export const NOTIFICATION_TYPES = ['TIME_DESYNC'] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TITLES: Readonly<Record<NotificationType, string>> = {
  TIME_DESYNC: 'Panel time possibly out of sync',
};

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** Data of a TIME_DESYNC notification: when the event arrived and the time the panel reported (ISO). */
export interface TimeDesyncData {
  recorded_time: string;
  panel_time: string;
}
