/** BullMQ queue names. */
export const QUEUE_NAMES = {
  relayActions: 'relay-actions',
  mail: 'mail',
} as const;

export type QueueName = (typeof QUEUE_NAMES)[keyof typeof QUEUE_NAMES];
