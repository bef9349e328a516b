import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { NotificationEntity } from '@app/database';

/** A site's open 'Panel time possibly out of sync' notification (at most one, by a partial unique index). */
@Injectable()
export class TimeDesyncRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Locked until the transaction ends, so that a user's resolve and the sync's take turns. */
  openOf(manager: EntityManager, hwaddr: string): Promise<NotificationEntity[]> {
    return manager
      .getRepository(NotificationEntity)
      .createQueryBuilder('notification')
      .setLock('pessimistic_write')
      .where('notification.hwaddr = :hwaddr', { hwaddr })
      .andWhere(`notification.notification_type = 'TIME_DESYNC'`)
      .andWhere('notification.resolved_on IS NULL')
      .getMany();
  }
}
