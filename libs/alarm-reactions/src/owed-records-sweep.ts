import type { QueueName } from '@app/contracts';
import { PeriodicSweep, type JobWorkers, type RecordSweepConfig } from '@app/messaging';

/** Records looked at per pass, oldest first; the rest wait for the next pass. */
const SWEEP_BATCH = 100;

/**
 * The open records of one kind of alarm reaction (relay runs, mail deliveries), as the sweep sees
 * them: each was written before its alarm was acked, and its job runs on `queue` under an id of
 * the record's own.
 */
export interface OwedRecords<R> {
  readonly queue: QueueName;
  /** Records still open that were created more than `afterMs` ago, oldest first, at most `limit`. */
  openPast(afterMs: number, limit: number): Promise<R[]>;
  jobIdOf(record: R): string;
  /** Its job is gone from Redis: added again under its own id, or the record closed when it cannot be rebuilt. */
  requeue(record: R): Promise<void>;
  /** Its job completed without closing the record: recorded failed. */
  endedOpen(record: R): Promise<void>;
}

/**
 * Finds records left open past RECORD_SWEEP_AFTER_MS whose job is no longer live (lost with
 * Redis's data, or failed with its failed handling cut short by a crash) and completes them: a
 * failed job runs again or is given up, as a stalled one is; a lost job is added again under its
 * own id (so two sweeping copies add it once); a job that completed without closing its record has
 * it recorded failed. A job still waiting or running is left alone. One pass at a time, every
 * RECORD_SWEEP_INTERVAL_MS.
 */
export class OwedRecordsSweep<R> {
  private readonly timer: PeriodicSweep;

  constructor(
    name: string,
    private readonly config: RecordSweepConfig,
    private readonly jobs: JobWorkers,
    private readonly records: OwedRecords<R>,
  ) {
    this.timer = new PeriodicSweep(name, config.intervalMs, () => this.sweep());
  }

  start(): void {
    this.timer.start();
  }

  stop(): Promise<void> {
    return this.timer.stop();
  }

  /** One pass over the records open for longer than `afterMs` (the configured bound unless given). */
  async sweep(afterMs = this.config.afterMs): Promise<void> {
    for (const record of await this.records.openPast(afterMs, SWEEP_BATCH)) {
      const outcome = await this.jobs.resumeAbandoned(this.records.queue, this.records.jobIdOf(record));
      if (outcome === 'completed') await this.records.endedOpen(record);
      if (outcome === 'missing') await this.records.requeue(record);
    }
  }
}
