import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { triggersAnything, withTriggerDefaults, type RelayTrigger } from '@app/contracts';
import { claimGrantsControl, RelayActionEntity, type RelayEntity } from '@app/database';

/** A relay action loaded with its relay (the inner join guarantees the relay is there). */
export type FirableRelayAction = RelayActionEntity & { relay: RelayEntity };

/**
 * The relay actions the worker may fire: only those whose relay's owner still holds an AUTHED
 * claim on the action's site (a user who lost the site no longer drives relays from its events).
 */
@Injectable()
export class RelayActionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The site's firable actions that would do something on this trigger (on fire, on fault), by id. */
  async firedBy(
    hwaddr: string,
    trigger: RelayTrigger,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FirableRelayAction[]> {
    const actions = (await this.firable(manager)
      .where('action.hwaddr = :hwaddr', { hwaddr })
      .orderBy('action.id', 'ASC')
      .getMany()) as FirableRelayAction[];
    return actions.filter((action) =>
      triggersAnything(withTriggerDefaults(trigger === 'fire' ? action.onFire : action.onFault)),
    );
  }

  async firableById(
    actionId: number,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<FirableRelayAction | null> {
    return (await this.firable(manager)
      .where('action.id = :actionId', { actionId })
      .getOne()) as FirableRelayAction | null;
  }

  /**
   * Actions with their relay, kept only while the relay's owner holds an AUTHED claim on the site
   * that lets them control it (not a viewer's, docs/access.md).
   */
  private firable(manager: EntityManager): SelectQueryBuilder<RelayActionEntity> {
    return manager
      .getRepository(RelayActionEntity)
      .createQueryBuilder('action')
      .innerJoinAndSelect('action.relay', 'relay')
      .innerJoin(
        'claims',
        'claim',
        `claim.user_id = relay.user_id AND claim.hwaddr = action.hwaddr AND ${claimGrantsControl('claim')}`,
      );
  }
}
