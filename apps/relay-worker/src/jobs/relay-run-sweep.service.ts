import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { eventCorrelationId, QUEUE_NAMES, relayJobId } from '@app/contracts';
import {
  enqueueRelayActions,
  JobWorkers,
  PeriodicSweep,
  QueueService,
  RecordSweepConfig,
  relayActionJob,
} from '@app/messaging';
import { RelayActionsRepository } from '../events/relay-actions.repository';
import { RelayDrivingConfig } from '../relay-worker.config';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionRunsRepository, type OpenRun } from './relay-action-runs.repository';
import { RelayFailureNotifier } from './relay-failure-notifier.service';

/** Runs looked at per pass, oldest first; the rest wait for the next pass. */
const SWEEP_BATCH = 100;

/**
 * Finds relay runs left 'pending' past RECORD_SWEEP_AFTER_MS whose job is no longer live (lost with
 * Redis's data, or failed with its failed handling cut short by a crash) and completes them: a
 * failed job runs again or is recorded given up with its 'Relay action failed' notification, as a
 * stalled one is; a lost job is added again under its own id (so the action is never driven twice
 * for it); a job that ended without closing its run has the run recorded failed. A job still
 * waiting or running is left alone.
 */
@Injectable()
export class RelayRunSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RelayRunSweep.name);
  private readonly timer: PeriodicSweep;

  constructor(
    config: RecordSweepConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly driving: RelayDrivingConfig,
    private readonly runs: RelayActionRunsRepository,
    private readonly actions: RelayActionsRepository,
    private readonly notifier: RelayFailureNotifier,
    private readonly runLive: RelayRunLivePublisher,
    private readonly jobs: JobWorkers,
    private readonly queues: QueueService,
  ) {
    this.timer = new PeriodicSweep(RelayRunSweep.name, config.intervalMs, () => this.sweep(config.afterMs));
  }

  onApplicationBootstrap(): void {
    this.timer.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.timer.stop();
  }

  /** One pass over the runs pending for longer than `afterMs`. */
  async sweep(afterMs: number): Promise<void> {
    for (const run of await this.runs.pendingPast(afterMs, SWEEP_BATCH)) {
      const jobId = relayJobId(run.hwaddr, run.seq, run.relayActionId);
      const outcome = await this.jobs.resumeAbandoned(QUEUE_NAMES.relayActions, jobId);
      if (outcome === 'completed') await this.fail(run, 'Its job ended without recording whether the board was driven');
      if (outcome === 'missing') {
        const job = relayActionJob(run.hwaddr, run.seq, run.trigger, run.relayActionId, this.driving);
        await enqueueRelayActions(this.queues, [job]);
        this.logger.warn({ ...runLogFields(run), jobId }, 'relay run job lost while the run was pending; queued again');
      }
    }
  }

  /** Recorded failed, with the owner's notification while the action may still be fired. */
  private async fail(run: OpenRun, reason: string): Promise<void> {
    const action = await this.actions.firableById(run.relayActionId);
    this.logger.error({ ...runLogFields(run), relayId: action?.relayId, reason }, 'relay run failed for good');
    if (action) {
      await this.notifier.recordFailure(action, run.id, run.seq, run.trigger, reason);
      await this.runLive.changed(run.id);
      return;
    }
    // Its relay's owner no longer holds the site: the run is closed, and no one is notified (its screen shows it).
    await this.runs.failed(this.dataSource.manager, run.id, `${reason}; the action can no longer be fired`);
    await this.runLive.changed(run.id);
  }
}

/** What a swept run's lines name: its event (correlation id, panel, sequence), its action and itself. */
function runLogFields(run: OpenRun) {
  return {
    correlationId: eventCorrelationId(run.hwaddr, run.seq),
    hwaddr: run.hwaddr,
    seq: run.seq,
    relayActionId: run.relayActionId,
    runId: run.id,
    trigger: run.trigger,
  };
}
