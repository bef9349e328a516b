import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OwedRecordsSweep } from '@app/alarm-reactions';
import { eventCorrelationId, QUEUE_NAMES, relayJobId } from '@app/contracts';
import { enqueueRelayActions, JobWorkers, QueueService, RecordSweepConfig, relayActionJob } from '@app/messaging';
import { RelayActionsRepository } from '../events/relay-actions.repository';
import { RelayDrivingConfig } from '../relay-worker.config';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionRunsRepository, type OpenRun } from './relay-action-runs.repository';
import { RelayFailureNotifier } from './relay-failure-notifier.service';

/**
 * The relay runs the sweep of open alarm records looks after (OwedRecordsSweep): runs left
 * 'pending' past RECORD_SWEEP_AFTER_MS with no live job behind them. A lost job is added again from
 * the run (so the action is never driven twice for it); a job that ended without closing its run
 * has the run recorded failed, with the owner's 'Relay action failed' notification.
 */
@Injectable()
export class RelayRunSweep extends OwedRecordsSweep<OpenRun> {
  private readonly logger = new Logger(RelayRunSweep.name);
  readonly queue = QUEUE_NAMES.relayActions;

  constructor(
    config: RecordSweepConfig,
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly driving: RelayDrivingConfig,
    private readonly runs: RelayActionRunsRepository,
    private readonly actions: RelayActionsRepository,
    private readonly notifier: RelayFailureNotifier,
    private readonly runLive: RelayRunLivePublisher,
    jobs: JobWorkers,
    private readonly queues: QueueService,
  ) {
    super(RelayRunSweep.name, config, jobs);
  }

  openPast(afterMs: number, limit: number): Promise<OpenRun[]> {
    return this.runs.pendingPast(afterMs, limit);
  }

  jobIdOf(run: OpenRun): string {
    return relayJobId(run.hwaddr, run.seq, run.relayActionId);
  }

  async requeue(run: OpenRun): Promise<void> {
    const job = relayActionJob(run.hwaddr, run.seq, run.trigger, run.relayActionId, this.driving);
    await enqueueRelayActions(this.queues, [job]);
    this.logger.warn(
      { ...runLogFields(run), jobId: this.jobIdOf(run) },
      'relay run job lost while the run was pending; queued again',
    );
  }

  endedOpen(run: OpenRun): Promise<void> {
    return this.fail(run, 'Its job ended without recording whether the board was driven');
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
