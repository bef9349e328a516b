import type { JobsOptions } from 'bullmq';
import type { QueueName } from '@app/contracts';
import type { QueueService } from '../queues/queue.service';

/** A job as its queue's helper makes it: the name its handler serves, its data, its id and retry policy. */
export interface QueuedJob<T> {
  name: string;
  data: T;
  opts: JobsOptions;
}

/**
 * Adds jobs made by their queue's helper (mail-jobs.util, relay-action-jobs.util). Each id comes from
 * the data, so a job added again (a redelivered event, a sweep) is the same job, not a second one.
 */
export async function enqueueJobs<T>(
  queues: QueueService,
  name: QueueName,
  jobs: ReadonlyArray<QueuedJob<T>>,
): Promise<void> {
  // The data's type is the helper's business: BullMQ's queue takes any.
  const queue = queues.queue(name);
  if (jobs.length === 1) await queue.add(jobs[0].name, jobs[0].data, jobs[0].opts);
  else if (jobs.length > 1) await queue.addBulk([...jobs]);
}
