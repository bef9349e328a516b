import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { RelayFailureData, RelayTrigger } from '@app/contracts';
import { NotificationsWriter } from '@app/notifications';
import type { FirableRelayAction } from '../events/relay-actions.repository';
import { RelayActionRunsRepository } from './relay-action-runs.repository';

/**
 * Records a relay action that failed for good and tells its owner: the run is marked failed and a
 * RELAY_FAILURE notification is stored on the action's site in one transaction; after the commit
 * the owner's live feed hears of it.
 */
@Injectable()
export class RelayFailureNotifier {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly runs: RelayActionRunsRepository,
    private readonly notifications: NotificationsWriter,
  ) {}

  async recordFailure(
    action: FirableRelayAction,
    runId: number,
    seq: number,
    trigger: RelayTrigger,
    error: string,
  ): Promise<void> {
    const relay = action.relay;
    const data: RelayFailureData = {
      relay_id: relay.id,
      relay_name: relay.name || relay.host,
      trigger,
      event_seq: seq,
      error,
      failed_at: new Date().toISOString(),
    };
    const notification = await this.dataSource.transaction(async (manager) => {
      if (!(await this.runs.failed(manager, runId, error))) return null;
      return this.notifications.insert(manager, {
        type: 'RELAY_FAILURE',
        hwaddr: action.hwaddr,
        userId: relay.userId,
        data,
      });
    });
    // The notification is stored whatever happens to the live message: the owner sees it on the next reload.
    if (notification) this.notifications.announce(notification);
  }
}
