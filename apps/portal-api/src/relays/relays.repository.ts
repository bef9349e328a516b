import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RelayActionEntity, RelayActionRunEntity, RelayEntity } from '@app/database';

/** Relays, their actions and runs, always within one user's own relays. */
@Injectable()
export class RelaysRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  listOf(userId: string): Promise<RelayEntity[]> {
    return this.dataSource.getRepository(RelayEntity).find({
      where: { userId },
      relations: { actions: true },
      order: { id: 'ASC', actions: { id: 'ASC' } },
    });
  }

  /** The user's relay with its actions; null for a missing relay or another user's. */
  findOwned(userId: string, relayId: number): Promise<RelayEntity | null> {
    return this.dataSource.getRepository(RelayEntity).findOne({
      where: { id: relayId, userId },
      relations: { actions: true },
      order: { actions: { id: 'ASC' } },
    });
  }

  create(relay: Pick<RelayEntity, 'userId' | 'host' | 'name' | 'port' | 'passwordEncrypted'>): Promise<RelayEntity> {
    return this.dataSource.getRepository(RelayEntity).save(relay);
  }

  async update(
    relayId: number,
    changes: Partial<Pick<RelayEntity, 'host' | 'name' | 'port' | 'passwordEncrypted'>>,
  ): Promise<void> {
    await this.dataSource.getRepository(RelayEntity).update({ id: relayId }, changes);
  }

  async delete(relayId: number): Promise<void> {
    await this.dataSource.getRepository(RelayEntity).delete({ id: relayId });
  }

  saveAction(
    action: Pick<RelayActionEntity, 'relayId' | 'hwaddr' | 'onFire' | 'onFault'> & { id?: number },
  ): Promise<RelayActionEntity> {
    return this.dataSource.getRepository(RelayActionEntity).save(action);
  }

  async deleteAction(relayId: number, actionId: number): Promise<boolean> {
    const result = await this.dataSource.getRepository(RelayActionEntity).delete({ id: actionId, relayId });
    return (result.affected ?? 0) > 0;
  }

  recentRuns(relayId: number, limit: number): Promise<RelayActionRunEntity[]> {
    return this.dataSource
      .getRepository(RelayActionRunEntity)
      .createQueryBuilder('run')
      .innerJoin('run.relayAction', 'action')
      .where('action.relay_id = :relayId', { relayId })
      .orderBy('run.id', 'DESC')
      .limit(limit)
      .getMany();
  }
}
