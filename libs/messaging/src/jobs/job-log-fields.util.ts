import type { Job } from 'bullmq';
import type { LogFields } from '@app/platform';
import { currentAttempt } from './job-attempts.util';

const TEXT_FIELDS = ['correlationId', 'hwaddr', 'userId'] as const;
const NUMBER_FIELDS = ['networkId', 'seq', 'relayActionId'] as const;

/**
 * What the lines of a job's run name: its id and try, and the log fields its data holds under their
 * usual names (the helpers put the correlation id of what caused the job in its data).
 */
export function jobLogFields(job: Pick<Job, 'id' | 'data' | 'attemptsMade'>): LogFields {
  const data = (typeof job.data === 'object' && job.data !== null ? job.data : {}) as Record<string, unknown>;
  const fields: LogFields = { jobId: job.id, attempt: currentAttempt(job) };
  for (const name of TEXT_FIELDS) if (typeof data[name] === 'string') fields[name] = data[name];
  for (const name of NUMBER_FIELDS) if (typeof data[name] === 'number') fields[name] = data[name];
  return fields;
}
