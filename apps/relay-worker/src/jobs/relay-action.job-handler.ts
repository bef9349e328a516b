import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { RelayActionJob } from '@app/contracts';
import { isLastAttempt, JobHandler } from '@app/messaging';
import { boardMayHaveActed, RelayError } from '@app/relay-protocol';
import { assignLogFields, MetricsService } from '@app/platform';
import { RelayActionsRepository } from '../events/relay-actions.repository';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionDriver } from './relay-action-driver.service';
import { RelayActionRunsRepository } from './relay-action-runs.repository';
import { RelayFailureNotifier } from './relay-failure-notifier.service';

/**
 * Drives one relay action for one event. Each attempt is counted on the run; a failure throws so
 * that BullMQ retries with its backoff, and the last one is recorded and notified. A run that
 * already succeeded is never driven again. Its lines name the relay, the action and the run, and
 * (the job's scope) the event's correlation id, panel and sequence.
 */
@Injectable()
export class RelayActionJobHandler {
  private readonly logger = new Logger(RelayActionJobHandler.name);
  private readonly outcomes;
  private readonly duration;

  constructor(
    private readonly actions: RelayActionsRepository,
    private readonly runs: RelayActionRunsRepository,
    private readonly driver: RelayActionDriver,
    private readonly notifier: RelayFailureNotifier,
    private readonly runLive: RelayRunLivePublisher,
    metrics: MetricsService,
  ) {
    this.outcomes = metrics.counter({
      name: 'relay_action_attempts_total',
      help: 'Relay action attempts by outcome',
      labelNames: ['outcome'],
    });
    this.duration = metrics.histogram({
      name: 'relay_action_attempt_seconds',
      help: 'Time to drive a relay board',
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    });
  }

  @JobHandler('relay-actions', 'relay-action')
  async run(data: RelayActionJob, job: Job): Promise<void> {
    const action = await this.actions.firableById(data.relayActionId);
    // Deleted since the event, or the owner lost the site: nothing to drive.
    if (!action) {
      await this.runs.notFired(
        data.relayActionId,
        data.hwaddr,
        data.seq,
        "Not driven: the relay's owner no longer holds the site",
      );
      this.logger.log({ trigger: data.trigger }, 'relay action no longer fired: nothing driven');
      return;
    }
    assignLogFields({ relayId: action.relayId, relayActionId: action.id });
    const run = await this.runs.startAttempt(action.id, data.hwaddr, data.seq, data.trigger);
    if (!run) {
      this.logger.log({ trigger: data.trigger }, 'relay run succeeded before: not driven again');
      return;
    }
    // Each change is told from the row its statement returned: the board waits for no query.
    this.runLive.written(run, action.relay);
    const started = process.hrtime.bigint();
    let driven = false;
    try {
      await this.driver.drive(action, data.trigger);
      driven = true;
      const succeeded = await this.runs.succeeded(run.id);
      if (succeeded) this.runLive.written(succeeded, action.relay);
      this.outcomes.inc({ outcome: 'succeeded' });
      this.logger.log({ runId: run.id, trigger: data.trigger, attempts: run.attempts }, 'relay run succeeded');
    } catch (error) {
      const reason = error instanceof RelayError ? error.message : `Internal error: ${(error as Error).message}`;
      const lastAttempt = isLastAttempt(job);
      this.outcomes.inc({ outcome: lastAttempt ? 'failed' : 'retried' });
      this.logger.warn(
        { runId: run.id, trigger: data.trigger, attempts: run.attempts, lastAttempt, reason },
        lastAttempt ? 'relay run failed for good' : 'relay run attempt failed, trying again',
      );
      if (lastAttempt) {
        await this.notifier.recordFailure(action, run.id, data.seq, data.trigger, reason);
        await this.runLive.changed(run.id);
      } else {
        // A drive that succeeded but could not be recorded, or one cut short mid-exchange, may have
        // switched the board: the next attempt drives again and counts a possible repeat.
        const retrying = await this.runs.attemptFailed(run.id, reason, driven || boardMayHaveActed(error));
        if (retrying) this.runLive.written(retrying, action.relay);
      }
      throw error;
    } finally {
      this.duration.observe(Number(process.hrtime.bigint() - started) / 1e9);
    }
  }
}
