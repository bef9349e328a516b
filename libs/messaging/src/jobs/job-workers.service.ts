import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { QUEUE_JOB_NAMES, type QueueName } from '@app/contracts';
import { QueueService } from '../queues/queue.service';
import { JOB_HANDLER_METADATA, type JobHandlerMetadata } from './job-handler.decorator';

export const JOB_WORKERS_OPTIONS = Symbol('JOB_WORKERS_OPTIONS');

export interface JobWorkersOptions {
  /** Queues this app serves, with the number of jobs it runs at once for each. */
  queues: Partial<Record<QueueName, { concurrency: number }>>;
}

type Handler = (data: unknown, job: Job) => Promise<unknown>;

/**
 * Starts one BullMQ worker per served queue, dispatching each job by its name to the one method
 * marked @JobHandler for it. Checked at start: every job name of a served queue has exactly one
 * handler, and no handler names a queue the app does not serve.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobWorkers.name);

  constructor(
    @Inject(JOB_WORKERS_OPTIONS) private readonly options: JobWorkersOptions,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly queues: QueueService,
  ) {}

  onApplicationBootstrap(): void {
    const handlers = this.findHandlers();
    for (const [queue, settings] of Object.entries(this.options.queues) as Array<[QueueName, { concurrency: number }]>) {
      const byName = handlers.get(queue) ?? new Map<string, Handler>();
      this.queues.worker(
        queue,
        async (job) => {
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`no handler for job '${job.name}' of queue '${queue}'`);
          return handler(job.data, job);
        },
        { concurrency: settings.concurrency },
      );
      this.logger.log(`serving queue ${queue} (${[...byName.keys()].join(', ')}), ${settings.concurrency} at once`);
    }
  }

  /** Handlers by queue and job name; throws when the set is not exactly one per job. */
  findHandlers(): Map<QueueName, Map<string, Handler>> {
    const found = new Map<QueueName, Map<string, Handler>>();
    const problems: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const target = instance[method] as Handler;
        const meta = this.reflector.get<JobHandlerMetadata | undefined>(JOB_HANDLER_METADATA, target);
        if (!meta) continue;
        const label = `${wrapper.name}.${method}`;
        if (!(meta.queue in this.options.queues)) {
          problems.push(`${label} handles '${meta.name}' of queue '${meta.queue}', which this app does not serve`);
          continue;
        }
        const queueHandlers = found.get(meta.queue) ?? new Map<string, Handler>();
        if (queueHandlers.has(meta.name)) problems.push(`job '${meta.name}' of queue '${meta.queue}' has two handlers (one is ${label})`);
        queueHandlers.set(meta.name, target.bind(instance));
        found.set(meta.queue, queueHandlers);
      }
    }
    for (const queue of Object.keys(this.options.queues) as QueueName[]) {
      for (const name of QUEUE_JOB_NAMES[queue]) {
        if (!found.get(queue)?.has(name)) problems.push(`job '${name}' of queue '${queue}' has no handler`);
      }
    }
    if (problems.length > 0) throw new Error(`Job handlers are not complete: ${problems.join('; ')}`);
    return found;
  }
}
