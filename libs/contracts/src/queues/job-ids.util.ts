import type { OutageChange } from '../panel/panel-supervision.constants';

/**
 * Deterministic BullMQ job ids: a redelivered event adds no second job. BullMQ refuses ids holding
 * ':', so every part is joined with '-' and any ':' inside a part becomes '_'.
 */

function jobId(parts: ReadonlyArray<string | number>): string {
  return parts.map((part) => String(part).replace(/:/g, '_')).join('-');
}

export function relayJobId(hwaddr: string, seq: number, relayActionId: number): string {
  return jobId(['relay', hwaddr, seq, relayActionId]);
}

export function eventMailJobId(hwaddr: string, seq: number, userId: string): string {
  return jobId(['mail', hwaddr, seq, userId]);
}

/** One mail per reset request: the id of the reset token it carries. */
export function passwordResetMailJobId(tokenId: string): string {
  return jobId(['reset', tokenId]);
}

/** One mail per invitation. */
export function invitationMailJobId(invitationId: string): string {
  return jobId(['invitation', invitationId]);
}

/** One mail per outage, kind ('panel-offline' or 'panel-online') and user. */
export function panelOutageMailJobId(
  kind: 'panel-offline' | 'panel-online',
  hwaddr: string,
  outageId: number,
  userId: string,
): string {
  return jobId([kind, hwaddr, outageId, userId]);
}

/** One job per message of a site's webhook endpoint. */
export function webhookJobId(endpointId: number, messageId: string): string {
  return jobId(['webhook', endpointId, messageId]);
}

/** One job per delayed escalation step of an alarm. */
export function escalationStepJobId(alarmId: number, step: number): string {
  return jobId(['escalation', alarmId, step]);
}

/** One mail per escalation step of an alarm and user. */
export function alarmEscalationMailJobId(alarmId: number, step: number, userId: string): string {
  return jobId(['alarm-escalation', alarmId, step, userId]);
}

/** One push per event and device. */
export function alarmPushJobId(hwaddr: string, seq: number, deviceId: number): string {
  return jobId(['push', hwaddr, seq, deviceId]);
}

/** One push per escalation step of an alarm and device. */
export function escalationPushJobId(alarmId: number, step: number, deviceId: number): string {
  return jobId(['escalation-push', alarmId, step, deviceId]);
}

/** One push per outage change (lost, restored) and device. */
export function outagePushJobId(change: OutageChange, outageId: number, deviceId: number): string {
  return jobId(['outage-push', change, outageId, deviceId]);
}

/** One test push per device and moment asked. */
export function testPushJobId(deviceId: number, requestedAtMs: number): string {
  return jobId(['test-push', deviceId, requestedAtMs]);
}
