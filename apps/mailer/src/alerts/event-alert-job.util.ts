import type { JobsOptions } from 'bullmq';
import { eventMailJobId, panelEventKey, type EventAlertMailJob, type PanelEventMessage } from '@app/contracts';
import type { MailDeliveryConfig } from '../mailer.config';

/**
 * The alert mail job of one event for one user. Its id comes from the event and the user, so the
 * same mail queued twice (a redelivered event, a sweep re-adding a lost job) is one job.
 */
export function eventAlertJob(
  event: PanelEventMessage,
  userId: string,
  delivery: MailDeliveryConfig,
): { name: EventAlertMailJob['kind']; data: EventAlertMailJob; opts: JobsOptions } {
  const data: EventAlertMailJob = {
    kind: 'event-alert',
    eventKey: panelEventKey(event.hwaddr, event.seq),
    userId,
    hwaddr: event.hwaddr,
    seq: event.seq,
    event,
  };
  return {
    name: data.kind,
    data,
    opts: {
      jobId: eventMailJobId(event.hwaddr, event.seq, userId),
      attempts: delivery.attempts,
      backoff: { type: 'exponential', delay: delivery.retryDelayMs },
      // Kept a week, as long as the stream keeps the event: a redelivery finds the job and adds nothing.
      removeOnComplete: { age: 7 * 24 * 3600 },
      removeOnFail: { age: 30 * 24 * 3600 },
    },
  };
}
