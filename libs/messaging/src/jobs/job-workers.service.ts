import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Job } from 'bullmq';
import { QUEUE_JOB_NAMES, type QueueName } from '@app/contracts';
import { runInLogContext } from '@app/platform';
import { QueueService } from '../queues/queue.service';
import { JOB_GIVEN_UP_METADATA, JOB_HANDLER_METADATA, type JobHandlerMetadata } from './job-handler.decorator';
import { jobLogFields } from './job-log-fields.util';
import { JobStallConfig } from './job-stall.config';

export const JOB_WORKERS_OPTIONS = Symbol('JOB_WORKERS_OPTIONS');

export interface JobWorkersOptions {
  /** Queues this app serves, with the number of jobs it runs at once for each. */
  queues: Partial<Record<QueueName, { concurrency: number }>>;
  /** Lock and stall settings of every worker; the alarm path's defaults when absent. */
  stall?: JobStallConfig;
}

type Handler = (data: unknown, job: Job) => Promise<unknown>;
type GivenUpHook = (data: unknown, job: Job, reason: string) => Promise<unknown>;

/** BullMQ's reason for a try failed by stalling past the limit (the handler never saw it fail). */
export const STALLED_OUT_REASON = 'job stalled more than allowable limit';

/**
 * What became of a job whose record a sweep found still open: still to run or running ('live'),
 * put back to run under its id ('retried'), handed to its given-up method ('given-up'), finished
 * without closing its record ('completed'), or not in Redis at all ('missing').
 */
export type AbandonedJobOutcome = 'live' | 'retried' | 'given-up' | 'completed' | 'missing';

/**
 * Starts one BullMQ worker per served queue, dispatching each job by its name to the one method
 * marked @JobHandler for it. Checked at start: every job name of a served queue has exactly one
 * handler, and no handler names a queue the app does not serve.
 *
 * A job whose worker died while it ran is taken up again within seconds (lock and stall check of
 * JobStallConfig). One caught stalling more often than allowed (a crash loop) is failed by BullMQ
 * without running: that failed try counts as one of its attempts, and the job is put back to run
 * again under its own id while it has tries left; after the last one the queue's @JobGivenUp method
 * records it as failed. So such a job is never dropped silently.
 *
 * A job runs (and is given up) in a log scope of its own: its id, its try, and the correlation id,
 * panel, user and sequence its data names (jobLogFields), on every line its handler leads to.
 */
@Injectable()
export class JobWorkers implements OnApplicationBootstrap {
  private readonly logger = new Logger(JobWorkers.name);
  private givenUp = new Map<QueueName, Map<string, GivenUpHook>>();

  constructor(
    @Inject(JOB_WORKERS_OPTIONS) private readonly options: JobWorkersOptions,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly queues: QueueService,
  ) {}

  onApplicationBootstrap(): void {
    const { handlers, givenUp } = this.findMethods();
    this.givenUp = givenUp;
    const stall = this.options.stall ?? JobStallConfig.DEFAULT;
    for (const [queue, settings] of Object.entries(this.options.queues) as Array<
      [QueueName, { concurrency: number }]
    >) {
      const byName = handlers.get(queue) ?? new Map<string, Handler>();
      const worker = this.queues.worker(
        queue,
        async (job) => {
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`no handler for job '${job.name}' of queue '${queue}'`);
          return runInLogContext(jobLogFields(job), () => handler(job.data, job));
        },
        {
          concurrency: settings.concurrency,
          lockDuration: stall.lockMs,
          stalledInterval: stall.checkIntervalMs,
          maxStalledCount: stall.maxStalls,
        },
      );
      worker.on('failed', (job, error) => {
        if (job && error?.message === STALLED_OUT_REASON)
          void runInLogContext(jobLogFields(job), () => this.afterStalledOut(queue, job));
      });
      this.logger.log({ queue, jobs: [...byName.keys()], concurrency: settings.concurrency }, 'serving queue');
    }
  }

  /**
   * Takes up the job behind a record a sweep found open past its bound. A failed one never reached
   * the handler's own recording (its failed handling was cut short): it runs again while it has
   * tries left, else goes to its given-up method, as a job stalled past the limit does.
   */
  async resumeAbandoned(queue: QueueName, jobId: string): Promise<AbandonedJobOutcome> {
    const job = await this.queues.queue(queue).getJob(jobId);
    if (!job) return 'missing';
    const state = await job.getState();
    if (state === 'unknown') return 'missing';
    if (state === 'completed') return 'completed';
    if (state !== 'failed') return 'live';
    return runInLogContext(jobLogFields(job), async () => {
      try {
        return await this.settleFailed(queue, job, 'found failed with its record still open');
      } catch (error) {
        // Another copy's sweep took it up first: it is live again, or recorded.
        this.logger.warn({ queue, err: error }, 'abandoned job could not be taken up');
        return 'live' as const;
      }
    });
  }

  /** A try failed by stalling: run again or record as given up (see resumeAbandoned). */
  private async afterStalledOut(queue: QueueName, job: Job): Promise<void> {
    try {
      await this.settleFailed(queue, job, 'stalled past the limit (its worker died while it ran)');
    } catch (error) {
      this.logger.error(
        { queue, job: job.name, err: error },
        'job stalled past the limit and could not be retried or recorded',
      );
    }
  }

  /**
   * Runs a failed job again under the same id while tries are left (records keyed by the job id
   * stay one), else hands it to the @JobGivenUp method to be recorded as failed.
   */
  private async settleFailed(queue: QueueName, job: Job, what: string): Promise<'retried' | 'given-up'> {
    const attempts = job.opts.attempts ?? 1;
    const about = { queue, job: job.name, tries: job.attemptsMade, attempts, what };
    if (job.attemptsMade < attempts) {
      this.logger.warn(about, 'job failed without recording it; running it again');
      await job.retry('failed');
      return 'retried';
    }
    const reason =
      job.failedReason === STALLED_OUT_REASON || job.failedReason === undefined
        ? `The worker stopped while running it, ${attempts} time(s)`
        : `It failed without its outcome being recorded: ${job.failedReason}`;
    const givenUp = this.givenUp.get(queue)?.get(job.name);
    if (!givenUp) {
      this.logger.error(
        { ...about, reason },
        'job failed on its last try and has no given-up method: nothing records it',
      );
      return 'given-up';
    }
    this.logger.error(about, 'job failed on its last try; recording it as failed');
    await givenUp(job.data, job, reason);
    return 'given-up';
  }

  /**
   * Handlers and given-up methods by queue and job name; throws when the handlers are not exactly
   * one per job, or a given-up method is doubled or names a queue the app does not serve.
   */
  private findMethods(): {
    handlers: Map<QueueName, Map<string, Handler>>;
    givenUp: Map<QueueName, Map<string, GivenUpHook>>;
  } {
    const problems: string[] = [];
    const handlers = this.findMarked<Handler>(JOB_HANDLER_METADATA, problems, 'handlers');
    for (const queue of Object.keys(this.options.queues) as QueueName[]) {
      for (const name of QUEUE_JOB_NAMES[queue]) {
        if (!handlers.get(queue)?.has(name)) problems.push(`job '${name}' of queue '${queue}' has no handler`);
      }
    }
    const givenUp = this.findMarked<GivenUpHook>(JOB_GIVEN_UP_METADATA, problems, 'given-up methods');
    if (problems.length > 0) throw new Error(`Job handlers are not complete: ${problems.join('; ')}`);
    return { handlers, givenUp };
  }

  /** Provider methods marked with `key`, by queue and job name; misplaced or doubled ones go to `problems`. */
  private findMarked<F>(key: string, problems: string[], role: string): Map<QueueName, Map<string, F>> {
    const found = new Map<QueueName, Map<string, F>>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance) as object)) {
        const target = instance[method] as (...args: never[]) => unknown;
        const meta = this.reflector.get<JobHandlerMetadata | undefined>(key, target);
        if (!meta) continue;
        const label = `${wrapper.name}.${method}`;
        if (!(meta.queue in this.options.queues)) {
          problems.push(`${label} handles '${meta.name}' of queue '${meta.queue}', which this app does not serve`);
          continue;
        }
        const queueMethods = found.get(meta.queue) ?? new Map<string, F>();
        if (queueMethods.has(meta.name))
          problems.push(`job '${meta.name}' of queue '${meta.queue}' has two ${role} (one is ${label})`);
        queueMethods.set(meta.name, target.bind(instance) as F);
        found.set(meta.queue, queueMethods);
      }
    }
    return found;
  }
}
