import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  NOTIFICATION_TITLES,
  notificationText,
  type LivefeedPublishedMessageOf,
  type RelayFailureData,
  type RelayTrigger,
} from '@app/contracts';
import { NotificationEntity, toNotificationDto } from '@app/database';
import { NatsService } from '@app/messaging';
import type { FirableRelayAction } from '../events/relay-actions.repository';
import { RelayActionRunsRepository } from './relay-action-runs.repository';

/**
 * Records a relay action that failed for good and tells its owner: the run is marked failed and a
 * RELAY_FAILURE notification is stored on the action's site in one transaction; after the commit
 * the owner's live feed hears of it.
 */
@Injectable()
export class RelayFailureNotifier {
  private readonly logger = new Logger(RelayFailureNotifier.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly runs: RelayActionRunsRepository,
    private readonly nats: NatsService,
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
      const text = notificationText({ id: 0, notification_type: 'RELAY_FAILURE', notification_data: data });
      return manager.getRepository(NotificationEntity).save({
        hwaddr: action.hwaddr,
        // For the relay's owner only: the other users of the site have no say over this relay.
        userId: relay.userId,
        notificationType: 'RELAY_FAILURE',
        notificationData: { ...data },
        title: NOTIFICATION_TITLES.RELAY_FAILURE,
        text,
      });
    });
    if (notification) await this.tellOwner(relay.userId, notification);
  }

  private async tellOwner(userId: string, notification: NotificationEntity): Promise<void> {
    const dto = toNotificationDto(notification);
    const message: LivefeedPublishedMessageOf<'NotificationEvent'> = {
      type: 'NotificationEvent',
      data: { hwaddr: notification.hwaddr, notification: dto },
    };
    try {
      this.nats.publish(this.nats.names.subjects.liveUser(userId), message);
    } catch (error) {
      // The notification is stored; the owner sees it on the next reload.
      this.logger.warn(`live notice of notification ${notification.id} not sent: ${String(error)}`);
    }
  }
}
