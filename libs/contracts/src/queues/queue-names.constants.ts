/** BullMQ queue names. */
export const QUEUE_NAMES = {
  relayActions: 'relay-actions',
  mail: 'mail',
  webhooks: 'webhooks',
  escalations: 'escalations',
  push: 'push',
} as const;

export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];

/**
 * The job names of each queue. A worker serving a queue must have exactly one handler for each
 * (it refuses to start otherwise), so a producer can never add a job nobody handles.
 */
export const QUEUE_JOB_NAMES = {
  'relay-actions': ['relay-action'],
  mail: ['event-alert', 'password-reset', 'panel-offline', 'panel-online', 'alarm-escalation', 'invitation'],
  webhooks: ['webhook-delivery'],
  escalations: ['escalation-step'],
  push: ['alarm-push', 'escalation-push', 'outage-push', 'test-push'],
} as const satisfies Record<QueueName, readonly string[]>;

export type JobNameOf<Q extends QueueName> = (typeof QUEUE_JOB_NAMES)[Q][number];
