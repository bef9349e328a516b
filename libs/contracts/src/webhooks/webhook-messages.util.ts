import type { PanelEventMessage } from '../nats/panel-messages.types';
import type { EscalatedAlarm } from '../alarms/escalation-policy.catalogue';
import type { OutageChange } from '../panel/panel-supervision.constants';
import type { AlertCategory } from '../events/event-categories.catalogue';
import type { WebhookPayload } from './webhook-events.types';

/** A message owed to a site's webhook: its webhook-id (derived from what it tells) and its body. */
export interface WebhookMessage {
  messageId: string;
  payload: WebhookPayload;
}

/** A fire or fault: one message per event, 'alarm-<hwaddr>-<seq>'. */
export function alarmWebhookMessage(event: PanelEventMessage & { category: AlertCategory }): WebhookMessage {
  return {
    messageId: `alarm-${event.hwaddr}-${event.seq}`,
    payload: {
      type: event.category === 'fire' ? 'alarm.fire' : 'alarm.fault',
      timestamp: event.receivedAt,
      data: {
        hwaddr: event.hwaddr,
        networkId: event.networkId,
        seq: event.seq,
        category: event.category,
        title: event.title,
        location: event.location,
        receivedAt: event.receivedAt,
        panelDate: event.panelDate,
      },
    },
  };
}

/** A panel's communication lost or restored: one message per outage and kind. */
export function outageWebhookMessage(
  kind: OutageChange,
  outage: { id: number; hwaddr: string; lostAt: Date; restoredAt: Date | null },
): WebhookMessage {
  const restoredAt = kind === 'restored' && outage.restoredAt ? outage.restoredAt.toISOString() : null;
  return {
    messageId: `outage-${outage.id}-${kind}`,
    payload: {
      type: kind === 'lost' ? 'panel.communication_lost' : 'panel.communication_restored',
      timestamp: restoredAt ?? outage.lostAt.toISOString(),
      data: { hwaddr: outage.hwaddr, lostAt: outage.lostAt.toISOString(), restoredAt },
    },
  };
}

/** An escalation step taken, that names the site's webhook: one message per alarm and step. */
export function escalationWebhookMessage(facts: EscalatedAlarm, takenAt: Date): WebhookMessage {
  return {
    messageId: `escalation-${facts.alarmId}-${facts.step}`,
    payload: {
      type: 'alarm.escalated',
      timestamp: takenAt.toISOString(),
      data: {
        hwaddr: facts.hwaddr,
        alarmId: facts.alarmId,
        kind: facts.kind,
        title: facts.title,
        location: facts.location,
        openedAt: facts.openedAt.toISOString(),
        step: facts.step,
        afterMinutes: facts.afterMinutes,
      },
    },
  };
}

/** A test mode as a webhook tells it. */
export interface WebhookTestModeFacts {
  id: number;
  hwaddr: string;
  startedByName: string;
  startedAt: Date;
  until: Date;
  reason: string;
  endedAt: Date | null;
  endedByName: string | null;
}

/** A site's test mode started or ended: one message per test mode and kind. */
export function testModeWebhookMessage(kind: 'started' | 'ended', testMode: WebhookTestModeFacts): WebhookMessage {
  const endedAt = kind === 'ended' && testMode.endedAt ? testMode.endedAt.toISOString() : null;
  return {
    messageId: `testmode-${testMode.id}-${kind}`,
    payload: {
      type: kind === 'started' ? 'test_mode.started' : 'test_mode.ended',
      timestamp: endedAt ?? testMode.startedAt.toISOString(),
      data: {
        hwaddr: testMode.hwaddr,
        startedBy: testMode.startedByName,
        startedAt: testMode.startedAt.toISOString(),
        until: testMode.until.toISOString(),
        reason: testMode.reason,
        endedAt,
        endedBy: kind === 'ended' ? testMode.endedByName : null,
      },
    },
  };
}

/** 'Send test': one message per press, `id` being the press's own (a random UUID). */
export function testWebhookMessage(id: string, hwaddr: string, requestedBy: string, at: Date): WebhookMessage {
  return {
    messageId: `test-${id}`,
    payload: { type: 'webhook.test', timestamp: at.toISOString(), data: { hwaddr, requestedBy } },
  };
}
