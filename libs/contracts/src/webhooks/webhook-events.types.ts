import type { AlarmKind } from '../alarms/alarm-kinds.catalogue';
import { HANDLED_BEFORE_RESTORE } from '../restore/handled-before-restore.constants';
import type { AlertCategory } from '../events/event-categories.catalogue';

/** What a site's webhook is told (docs/webhooks.md): the `type` of each message. */
export const WEBHOOK_EVENT_TYPES = [
  'alarm.fire',
  'alarm.fault',
  'panel.communication_lost',
  'panel.communication_restored',
  'alarm.escalated',
  'test_mode.started',
  'test_mode.ended',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Where a delivery stands: owed (recorded, its job queued), sending (a try under way), retrying (a
 * try failed, the next one waits), delivered, failed (its tries ran out), suppressed (its site was in
 * test mode), cancelled (the site's webhook was removed first), handled-before-restore (posted, or
 * tried, before a database restore lost its record: docs/backup-restore.md).
 */
export const WEBHOOK_DELIVERY_STATES = [
  'owed',
  'sending',
  'retrying',
  'delivered',
  'failed',
  'suppressed',
  'cancelled',
  HANDLED_BEFORE_RESTORE,
] as const;

export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** The states a delivery is still owed in: the sweep looks after these. */
export const OPEN_WEBHOOK_DELIVERY_STATES: readonly WebhookDeliveryState[] = ['owed', 'sending', 'retrying'];

/** An alarm's event as a webhook carries it. */
export interface WebhookAlarmData {
  hwaddr: string;
  networkId: number;
  seq: number;
  category: AlertCategory;
  title: string;
  location: string;
  /** When the portal received it. */
  receivedAt: string;
  /** What the panel's clock said. */
  panelDate: string;
}

export interface WebhookOutageData {
  hwaddr: string;
  lostAt: string;
  /** Null in 'panel.communication_lost'. */
  restoredAt: string | null;
}

/** An alarm nobody acknowledged by a step of its escalation (docs/alarms.md). */
export interface WebhookEscalationData {
  hwaddr: string;
  alarmId: number;
  kind: AlarmKind;
  title: string;
  location: string;
  openedAt: string;
  /** The step, from 2, and its minutes without acknowledgement. */
  step: number;
  afterMinutes: number;
}

export interface WebhookTestModeData {
  hwaddr: string;
  startedBy: string;
  startedAt: string;
  until: string;
  reason: string;
  /** Null in 'test_mode.started'. */
  endedAt: string | null;
  /** Who ended it by hand; null when it ended as planned (or has not ended). */
  endedBy: string | null;
}

export interface WebhookTestData {
  hwaddr: string;
  /** The name of the user who pressed 'Send test'. */
  requestedBy: string;
}

/** The JSON body of each message, in the Standard Webhooks manner: a type, a time, the data. */
export type WebhookPayload =
  | { type: 'alarm.fire' | 'alarm.fault'; timestamp: string; data: WebhookAlarmData }
  | { type: 'panel.communication_lost' | 'panel.communication_restored'; timestamp: string; data: WebhookOutageData }
  | { type: 'alarm.escalated'; timestamp: string; data: WebhookEscalationData }
  | { type: 'test_mode.started' | 'test_mode.ended'; timestamp: string; data: WebhookTestModeData }
  | { type: 'webhook.test'; timestamp: string; data: WebhookTestData };
