import { MESSAGES } from '../constants/messages.constants';

/** Kinds of site notification (spec 3, 4). */

export const NOTIFICATION_TYPES = ['TIME_DESYNC', 'RELAY_FAILURE'] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TITLES: Readonly<Record<NotificationType, string>> = {
  TIME_DESYNC: MESSAGES.panelTimeOutOfSync,
  RELAY_FAILURE: 'Relay action failed',
};

export function isNotificationType(value: unknown): value is NotificationType {
  return typeof value === 'string' && (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** Data of a TIME_DESYNC notification: when the event arrived and the time the panel reported (ISO). */
export interface TimeDesyncData {
  recorded_time: string;
  panel_time: string;
}

/** Data of a RELAY_FAILURE notification: which relay did not act on which event, and why. */
export interface RelayFailureData {
  relay_id: number;
  relay_name: string;
  /** 'fire' or 'fault'. */
  trigger: string;
  event_seq: number;
  error: string;
  failed_at: string;
}
