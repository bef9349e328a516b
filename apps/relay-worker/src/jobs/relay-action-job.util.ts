import type { JobsOptions } from 'bullmq';
import { panelEventKey, relayJobId, type RelayActionJob, type RelayTrigger } from '@app/contracts';
import type { RelayDrivingConfig } from '../relay-worker.config';

/**
 * The job of one relay action for one event. Its id comes from the event and the action, so the
 * same action queued twice (a redelivered event, a sweep re-adding a lost job) is one job.
 */
export function relayActionJob(
  hwaddr: string,
  seq: number,
  trigger: RelayTrigger,
  relayActionId: number,
  driving: RelayDrivingConfig,
): { name: 'relay-action'; data: RelayActionJob; opts: JobsOptions } {
  return {
    name: 'relay-action',
    data: { eventId: panelEventKey(hwaddr, seq), hwaddr, seq, trigger, relayActionId },
    opts: {
      jobId: relayJobId(hwaddr, seq, relayActionId),
      attempts: driving.attempts,
      backoff: { type: 'exponential', delay: driving.backoffMs },
      // Kept for a day: a redelivery within it finds the id and adds nothing.
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    },
  };
}
