import {
  eventCorrelationId,
  panelEventKey,
  QUEUE_NAMES,
  relayJobId,
  type RelayActionJob,
  type RelayTrigger,
} from '@app/contracts';
import type { QueueService } from '../queues/queue.service';
import { alarmJobPriority } from './job-priority.util';
import { enqueueJobs, type QueuedJob } from './queued-job.util';

/** How a relay action is tried again (relay-worker's RELAY_JOB_ATTEMPTS and RELAY_JOB_BACKOFF_MS). */
export interface RelayActionRetryPolicy {
  attempts: number;
  /** First retry delay; it doubles on each later try. */
  backoffMs: number;
}

/**
 * The job of one relay action for one event. Its id comes from the event and the action, so the
 * same action queued twice (a redelivered event, a sweep re-adding a lost job) is one job. A fire's
 * job is taken before every waiting fault's (job-priority.util).
 */
export function relayActionJob(
  hwaddr: string,
  seq: number,
  trigger: RelayTrigger,
  relayActionId: number,
  retry: RelayActionRetryPolicy,
): QueuedJob<RelayActionJob> & { name: 'relay-action' } {
  return {
    name: 'relay-action',
    data: {
      eventId: panelEventKey(hwaddr, seq),
      correlationId: eventCorrelationId(hwaddr, seq),
      hwaddr,
      seq,
      trigger,
      relayActionId,
    },
    opts: {
      jobId: relayJobId(hwaddr, seq, relayActionId),
      attempts: retry.attempts,
      backoff: { type: 'exponential', delay: retry.backoffMs },
      // Kept for a day: a redelivery within it finds the id and adds nothing.
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
      ...alarmJobPriority(trigger),
    },
  };
}

/** Adds relay action jobs made by relayActionJob to the relay actions queue. */
export function enqueueRelayActions(
  queues: QueueService,
  jobs: ReadonlyArray<QueuedJob<RelayActionJob>>,
): Promise<void> {
  return enqueueJobs(queues, QUEUE_NAMES.relayActions, jobs);
}
