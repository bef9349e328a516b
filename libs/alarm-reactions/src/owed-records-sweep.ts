import type { QueueName } from '@app/contracts';
import { ScheduledSweep, type JobWorkers, type RecordSweepConfig } from '@app/messaging';

/** Records looked at per pass, oldest first; the rest wait for the next pass. */
const SWEEP_BATCH = 100;

/**
 * Finds records of one kind of alarm reaction (relay runs, mail deliveries, webhook deliveries) left
 * open past RECORD_SWEEP_AFTER_MS whose job is no longer live (lost with Redis's data, or failed
 * with its failed handling cut short by a crash) and completes them: a failed job runs again or is
 * given up, as a stalled one is; a lost job is added again under its own id (so two sweeping copies
 * add it once); a job that completed without closing its record has it recorded failed. A job still
 * waiting or running is left alone. One pass at a time, every RECORD_SWEEP_INTERVAL_MS, from the
 * app's start to its shutdown.
 *
 * A channel's sweep extends it and says only how its records are read and completed: each was
 * written before its alarm was acked, and its job runs on `queue` under an id of the record's own.
 */
export abstract class OwedRecordsSweep<R> extends ScheduledSweep {
  abstract readonly queue: QueueName;

  protected constructor(
    name: string,
    private readonly recordSweep: RecordSweepConfig,
    private readonly jobWorkers: JobWorkers,
  ) {
    super(name, recordSweep.intervalMs);
  }

  /** Records still open that were created more than `afterMs` ago, oldest first, at most `limit`. */
  abstract openPast(afterMs: number, limit: number): Promise<R[]>;
  abstract jobIdOf(record: R): string;
  /** Its job is gone from Redis: added again under its own id, or the record closed when it cannot be rebuilt. */
  abstract requeue(record: R): Promise<void>;
  /** Its job completed without closing the record: recorded failed. */
  abstract endedOpen(record: R): Promise<void>;

  /** One pass over the records open for longer than `afterMs` (the configured bound unless given). */
  async sweep(afterMs = this.recordSweep.afterMs): Promise<void> {
    for (const record of await this.openPast(afterMs, SWEEP_BATCH)) {
      const outcome = await this.jobWorkers.resumeAbandoned(this.queue, this.jobIdOf(record));
      if (outcome === 'completed') await this.endedOpen(record);
      if (outcome === 'missing') await this.requeue(record);
    }
  }
}
