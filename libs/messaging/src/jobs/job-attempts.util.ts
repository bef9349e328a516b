import type { Job } from 'bullmq';

/** The try a job's handler is running now (1 on the first). */
export function currentAttempt(job: Pick<Job, 'attemptsMade'>): number {
  return job.attemptsMade + 1;
}

/** Whether this try is the job's last: a failure now is for good. */
export function isLastAttempt(job: Pick<Job, 'attemptsMade' | 'opts'>): boolean {
  return currentAttempt(job) >= (job.opts.attempts ?? 1);
}
