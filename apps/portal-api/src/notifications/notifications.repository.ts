import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { NotificationEntity } from '@app/database';

@Injectable()
export class NotificationsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The newest notifications of these sites that are for every user of the site or for this one. */
  latestOf(hwaddrs: string[], userId: string, limit: number): Promise<NotificationEntity[]> {
    if (hwaddrs.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(NotificationEntity).find({
      where: [
        { hwaddr: In(hwaddrs), userId: IsNull() },
        { hwaddr: In(hwaddrs), userId },
      ],
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  find(id: number): Promise<NotificationEntity | null> {
    return this.dataSource.getRepository(NotificationEntity).findOneBy({ id });
  }

  /** Resolves it unless resolved already (the first to resolve is the one named). */
  async resolve(id: number, userId: string, userName: string, at: Date): Promise<void> {
    await this.dataSource
      .getRepository(NotificationEntity)
      .update({ id, resolvedOn: IsNull() }, { resolvedBy: userId, resolvedByName: userName, resolvedOn: at });
  }
}
