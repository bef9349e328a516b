import { Injectable, Logger } from '@nestjs/common';
import type { TimeDesyncData } from '@app/contracts';
import { NotificationsWriter } from '@app/notifications';
import { Clock } from '@app/platform';
import { TimeDesyncRepository } from './time-desync.repository';

/**
 * A Sync panel clock the panel applied sets right what its site's 'Panel time possibly out of sync'
 * reported: the open notification is resolved by the portal, its text saying when and by whom the
 * clock was set. The clock is the panel's, so the site's one open notification goes, whichever
 * network carried the command.
 */
@Injectable()
export class TimeDesyncResolution {
  private readonly logger = new Logger(TimeDesyncResolution.name);

  constructor(
    private readonly notifications: TimeDesyncRepository,
    private readonly writer: NotificationsWriter,
    private readonly clock: Clock,
  ) {}

  /** Never throws: the panel's clock is set whatever becomes of the notification (a failure is logged). */
  async clockSynced(hwaddr: string, by: string): Promise<void> {
    try {
      const at = this.clock.now();
      const resolved = await this.notifications.transaction(async (manager) => {
        const revised = [];
        for (const open of await this.notifications.openOf(manager, hwaddr)) {
          const data = { ...open.notificationData, synced_at: at.toISOString(), synced_by: by } as TimeDesyncData;
          const notification = await this.writer.revise(manager, open.id, { data, resolvedAt: at });
          if (notification) revised.push(notification);
        }
        return revised;
      });
      for (const notification of resolved) this.writer.announce(notification);
      if (resolved.length > 0)
        this.logger.log(
          { hwaddr, notificationIds: resolved.map((notification) => notification.id) },
          'time desync resolved by a clock sync',
        );
    } catch (error) {
      this.logger.error({ hwaddr, err: error }, 'time desync not resolved after the clock sync');
    }
  }
}
