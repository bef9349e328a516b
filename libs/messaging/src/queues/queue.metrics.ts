import { Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { MetricsService } from '@app/platform';
import { QueueService } from './queue.service';

/** How long a scrape waits for Redis's counts before it leaves the queue's figures as they were. */
const COUNT_TIMEOUT_MS = 1_000;

/**
 * The depth of each queue the app uses and the age of its oldest waiting job, on the app's
 * `/metrics`, read from Redis as they are scraped: `queue_jobs{queue,state}` (waiting, active,
 * delayed, failed) and `queue_oldest_waiting_job_age_seconds{queue}`: an alarm's relay action or
 * mail queued long ago and not started is the first sign of a worker that stopped taking jobs.
 */
@Injectable()
export class QueueMetrics implements OnModuleInit {
  constructor(
    private readonly queues: QueueService,
    @Optional() private readonly metrics?: MetricsService,
  ) {}

  onModuleInit(): void {
    if (!this.metrics) return;
    // One read of Redis per scrape, shared by the gauges (prom-client collects them at once).
    const read = sharedFor(SHARED_READ_MS, () => this.read());
    this.metrics.gauge({
      name: 'queue_jobs',
      help: 'Jobs of each queue the app uses, by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'],
      async collect() {
        for (const { name, counts } of await read())
          for (const [state, count] of Object.entries(counts)) this.set({ queue: name, state }, count);
      },
    });
    this.metrics.gauge({
      name: 'queue_oldest_waiting_job_age_seconds',
      help: 'Age of the oldest job waiting in each queue the app uses (0: none waiting)',
      labelNames: ['queue'],
      async collect() {
        for (const { name, oldestAgeSeconds } of await read()) this.set({ queue: name }, oldestAgeSeconds);
      },
    });
  }

  /** Each queue's figures; a queue that Redis does not answer for in time is left out (its figures stay). */
  private async read(): Promise<QueueFigures[]> {
    const figures: QueueFigures[] = [];
    for (const name of this.queues.namesInUse()) {
      const queue = this.queues.queue(name);
      try {
        const [counts, [oldest]] = await withTimeout(
          Promise.all([
            queue.getJobCounts('waiting', 'active', 'delayed', 'failed'),
            queue.getJobs(['waiting'], 0, 0, true),
          ]),
        );
        figures.push({
          name,
          counts,
          oldestAgeSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0,
        });
      } catch {
        // Redis away or slow: /healthz says so; the scrape is not held up.
      }
    }
    return figures;
  }
}

interface QueueFigures {
  name: string;
  counts: Record<string, number>;
  oldestAgeSeconds: number;
}

/** A scrape's collects run together: they share one read made within `ms`. */
const SHARED_READ_MS = 500;

function sharedFor<T>(ms: number, work: () => Promise<T>): () => Promise<T> {
  let last: { at: number; result: Promise<T> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > ms) last = { at: Date.now(), result: work() };
    return last.result;
  };
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), COUNT_TIMEOUT_MS))),
  ]).finally(() => clearTimeout(timer));
}
