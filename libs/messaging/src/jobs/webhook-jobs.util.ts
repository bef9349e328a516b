import { QUEUE_NAMES, webhookJobId, type WebhookDeliveryJob } from '@app/contracts';
import type { QueueService } from '../queues/queue.service';
import { alarmJobPriority, JOB_PRIORITY } from './job-priority.util';
import { enqueueJobs, type QueuedJob } from './queued-job.util';

/** How a webhook delivery is tried again (the mailer's WEBHOOK_ATTEMPTS and WEBHOOK_RETRY_DELAY_MS). */
export interface WebhookRetryPolicy {
  /** Tries before the delivery is recorded as failed. */
  attempts: number;
  /** First retry delay; it doubles on each later try. */
  retryDelayMs: number;
}

/** About 40 minutes of tries: 10, the first retry after 5 s, each later one after twice the wait. */
export const WEBHOOK_RETRY_DEFAULTS: Readonly<WebhookRetryPolicy> = { attempts: 10, retryDelayMs: 5_000 };

/**
 * The job of one owed webhook delivery. Its id comes from the endpoint and the message id, so the
 * same delivery queued twice (a redelivered alarm, a sweep re-adding a lost job) is one job. A
 * fire's delivery is taken before any other waiting one, a fault's before the rest.
 */
export function webhookDeliveryJob(
  delivery: WebhookDeliveryJob,
  retry: WebhookRetryPolicy = WEBHOOK_RETRY_DEFAULTS,
): QueuedJob<WebhookDeliveryJob> & { name: 'webhook-delivery' } {
  const { payload } = delivery;
  return {
    name: 'webhook-delivery',
    data: delivery,
    opts: {
      jobId: webhookJobId(delivery.endpointId, delivery.messageId),
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.retryDelayMs },
      ...(payload.type === 'alarm.fire' || payload.type === 'alarm.fault'
        ? alarmJobPriority(payload.data.category)
        : { priority: JOB_PRIORITY.other }),
      // Kept a week, as long as the stream keeps the event: a redelivery finds the job and adds nothing.
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}

/** Adds webhook delivery jobs made by webhookDeliveryJob to the webhooks queue. */
export function enqueueWebhooks(
  queues: QueueService,
  jobs: ReadonlyArray<QueuedJob<WebhookDeliveryJob>>,
): Promise<void> {
  return enqueueJobs(queues, QUEUE_NAMES.webhooks, jobs);
}
