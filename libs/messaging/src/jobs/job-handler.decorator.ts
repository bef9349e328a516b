import { SetMetadata } from '@nestjs/common';
import type { JobNameOf, QueueName } from '@app/contracts';

export const JOB_HANDLER_METADATA = 'portal:job-handler';

export interface JobHandlerMetadata {
  queue: QueueName;
  name: string;
}

/**
 * Marks a provider method as the handler of one job of one queue. The app's JobWorkers find the
 * handlers at start and refuse to start when a job of a served queue has none, or two.
 */
export function JobHandler<Q extends QueueName>(queue: Q, name: JobNameOf<Q>): MethodDecorator {
  return SetMetadata(JOB_HANDLER_METADATA, { queue, name } satisfies JobHandlerMetadata);
}

export const JOB_GIVEN_UP_METADATA = 'portal:job-given-up';

/**
 * Marks a provider method `(data, job, reason)` called when a job of this name failed its last try
 * without its handler reaching its own last-attempt path: the job stalled (its worker died while it
 * ran) more often than allowed on every try. It records the outcome the handler would have recorded.
 */
export function JobGivenUp<Q extends QueueName>(queue: Q, name: JobNameOf<Q>): MethodDecorator {
  return SetMetadata(JOB_GIVEN_UP_METADATA, { queue, name } satisfies JobHandlerMetadata);
}
