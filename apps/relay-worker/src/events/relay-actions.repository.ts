import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RelayActionEntity } from '@app/database';

/**
 * The relay actions the worker may fire: only those whose relay's owner still holds an AUTHED
 * claim on the action's site (a user who lost the site no longer drives relays from its events).
 */
@Injectable()
export class RelayActionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async firableForSite(hwaddr: string): Promise<RelayActionEntity[]> {
    return this.dataSource
      .getRepository(RelayActionEntity)
      .createQueryBuilder('action')
      .innerJoinAndSelect('action.relay', 'relay')
      .innerJoin('claims', 'claim', "claim.user_id = relay.user_id AND claim.hwaddr = action.hwaddr AND claim.status = 'AUTHED'")
      .where('action.hwaddr = :hwaddr', { hwaddr })
      .orderBy('action.id', 'ASC')
      .getMany();
  }

  async firableById(actionId: number): Promise<RelayActionEntity | null> {
    return this.dataSource
      .getRepository(RelayActionEntity)
      .createQueryBuilder('action')
      .innerJoinAndSelect('action.relay', 'relay')
      .innerJoin('claims', 'claim', "claim.user_id = relay.user_id AND claim.hwaddr = action.hwaddr AND claim.status = 'AUTHED'")
      .where('action.id = :actionId', { actionId })
      .getOne();
  }
}
