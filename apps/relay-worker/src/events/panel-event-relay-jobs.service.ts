import { Injectable, Logger } from '@nestjs/common';
import {
  isAlertCategory,
  triggersAnything,
  withTriggerDefaults,
  type PanelEventMessage,
  type RelayTrigger,
} from '@app/contracts';
import { enqueueRelayActions, QueueService, relayActionJob } from '@app/messaging';
import { RelayDrivingConfig } from '../relay-worker.config';
import { RelayActionsRepository } from './relay-actions.repository';

/**
 * Turns one panel event into relay jobs: for a fire or fault, one job per relay action of the
 * site that would do something. Job ids come from the event and the action, so a redelivered event
 * adds nothing twice; resolving means every job is stored in Redis (the event may then be acked).
 */
@Injectable()
export class PanelEventRelayJobs {
  private readonly logger = new Logger(PanelEventRelayJobs.name);

  constructor(
    private readonly actions: RelayActionsRepository,
    private readonly queues: QueueService,
    private readonly driving: RelayDrivingConfig,
  ) {}

  async handle(event: PanelEventMessage): Promise<void> {
    // The relay triggers are the alert categories: on fire, on fault.
    if (!isAlertCategory(event.category)) return;
    const trigger: RelayTrigger = event.category;
    const actions = (await this.actions.firableForSite(event.hwaddr)).filter((action) =>
      triggersAnything(withTriggerDefaults(trigger === 'fire' ? action.onFire : action.onFault)),
    );
    if (actions.length === 0) return;
    await enqueueRelayActions(
      this.queues,
      actions.map((action) => relayActionJob(event.hwaddr, event.seq, trigger, action.id, this.driving)),
    );
    // The alert consumer's scope names the event (its correlation id, panel, network and sequence).
    this.logger.log({ trigger, relayActionIds: actions.map((action) => action.id) }, 'relay jobs queued');
  }
}
