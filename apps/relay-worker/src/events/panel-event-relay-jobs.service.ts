import { Injectable, Logger } from '@nestjs/common';
import type { PanelEventMessage, RelayTrigger } from '@app/contracts';
import { enqueueRelayActions, QueueService, relayActionJob } from '@app/messaging';
import { RelayDrivingConfig } from '../relay-worker.config';
import type { FirableRelayAction } from './relay-actions.repository';

/**
 * Turns one fire or fault into relay jobs: one job per relay action it fires. Job ids come from the
 * event and the action, so a redelivered event adds nothing twice; resolving means every job is
 * stored in Redis (the event may then be acked).
 */
@Injectable()
export class PanelEventRelayJobs {
  private readonly logger = new Logger(PanelEventRelayJobs.name);

  constructor(
    private readonly queues: QueueService,
    private readonly driving: RelayDrivingConfig,
  ) {}

  async enqueue(
    event: PanelEventMessage,
    trigger: RelayTrigger,
    actions: readonly FirableRelayAction[],
  ): Promise<void> {
    await enqueueRelayActions(
      this.queues,
      actions.map((action) => relayActionJob(event.hwaddr, event.seq, trigger, action.id, this.driving)),
    );
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    this.logger.log({ trigger, relayActionIds: actions.map((action) => action.id) }, 'relay jobs queued');
  }
}
