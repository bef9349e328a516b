import type { WebhookAttemptView, WebhookDeliveryState, WebhookEventType } from '@app/contracts';

/** Each message type as the Deliveries table names it. */
export const WEBHOOK_EVENT_TEXT: Readonly<Record<WebhookEventType, string>> = {
  'alarm.fire': 'Fire',
  'alarm.fault': 'Fault',
  'panel.communication_lost': 'Communication lost',
  'panel.communication_restored': 'Communication restored',
  'alarm.escalated': 'Not acknowledged (escalation)',
  'test_mode.started': 'Test mode started',
  'test_mode.ended': 'Test mode ended',
  'webhook.test': 'Test message',
};

/** Each delivery state's word and badge colour (bootstrap's bg names). */
export const WEBHOOK_STATE_TEXT: Readonly<Record<WebhookDeliveryState, { label: string; bg: string }>> = {
  delivered: { label: 'Delivered', bg: 'success' },
  sending: { label: 'Sending', bg: 'primary' },
  retrying: { label: 'Retrying', bg: 'warning' },
  owed: { label: 'Owed', bg: 'secondary' },
  failed: { label: 'Failed', bg: 'danger' },
  // Its site was in test mode (docs/test-mode.md): not sent on purpose.
  suppressed: { label: 'Suppressed', bg: 'info' },
  cancelled: { label: 'Cancelled', bg: 'secondary' },
  // Posted (or tried) before a database restore lost its record; what came of it is unknown (docs/backup-restore.md).
  'handled-before-restore': { label: 'Before restore', bg: 'secondary' },
};

/** '3 tries, last 500'; a try with no HTTP answer says why ('1 try, last: No answer within 10000 ms'). */
export function triesText(attempts: readonly WebhookAttemptView[]): string {
  if (attempts.length === 0) return 'Not tried yet';
  const last = attempts.reduce((latest, attempt) => (attempt.attempt > latest.attempt ? attempt : latest));
  const count = `${attempts.length} ${attempts.length === 1 ? 'try' : 'tries'}`;
  if (last.statusCode !== null) return `${count}, last ${last.statusCode}`;
  return last.error ? `${count}, last: ${last.error}` : count;
}
