import { Injectable, Logger } from '@nestjs/common';
import type { Job } from 'bullmq';
import type { RelayActionJob } from '@app/contracts';
import { JobGivenUp } from '@app/messaging';
import { RelayActionsRepository } from '../events/relay-actions.repository';
import { RelayRunLivePublisher } from '../runs/relay-run-live.publisher';
import { RelayActionRunsRepository } from './relay-action-runs.repository';
import { RelayFailureNotifier } from './relay-failure-notifier.service';

/**
 * A relay job whose copies died while driving on every try (a crash loop) never reached the
 * handler's last-attempt path: its run is recorded failed here and its owner told, as there.
 */
@Injectable()
export class RelayActionGivenUp {
  private readonly logger = new Logger(RelayActionGivenUp.name);

  constructor(
    private readonly actions: RelayActionsRepository,
    private readonly runs: RelayActionRunsRepository,
    private readonly notifier: RelayFailureNotifier,
    private readonly runLive: RelayRunLivePublisher,
  ) {}

  @JobGivenUp('relay-actions', 'relay-action')
  async record(data: RelayActionJob, _job: Job, reason: string): Promise<void> {
    const action = await this.actions.firableById(data.relayActionId);
    if (!action) return;
    const runId = await this.runs.openRun(action.id, data.hwaddr, data.seq, data.trigger);
    if (runId === null) return;
    this.logger.error(
      { relayId: action.relayId, relayActionId: action.id, runId, trigger: data.trigger, reason },
      'relay run failed for good',
    );
    await this.notifier.recordFailure(action, runId, data.seq, data.trigger, reason);
    await this.runLive.changed(runId);
  }
}
