import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { SiteStatus } from '@app/contracts';
import { ClaimEntity } from '@app/database';

/** The users' claims on panels: their sites, each with its own key, nickname and choices. */
@Injectable()
export class ClaimsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  private get claims() {
    return this.dataSource.getRepository(ClaimEntity);
  }

  find(userId: string, hwaddr: string): Promise<ClaimEntity | null> {
    return this.claims.findOneBy({ userId, hwaddr });
  }

  /**
   * Creates the claim WAITING, or puts one back to WAITING with a new key; the nickname and e-mail
   * choice are set when given (a new claim defaults them), kept otherwise. One statement.
   */
  async upsertWaiting(
    userId: string,
    hwaddr: string,
    key: string,
    nickname: string | undefined,
    emailEvents: boolean | undefined,
  ): Promise<void> {
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(ClaimEntity)
      .values({
        userId,
        hwaddr,
        adminKey: key,
        status: 'WAITING',
        ...(nickname !== undefined && { nickname }),
        ...(emailEvents !== undefined && { emailEvents }),
      })
      .orUpdate(
        [
          'admin_key',
          'status',
          'updated_at',
          ...(nickname !== undefined ? ['nickname'] : []),
          ...(emailEvents !== undefined ? ['email_events'] : []),
        ],
        ['user_id', 'hwaddr'],
      )
      .execute();
  }

  async remove(userId: string, hwaddr: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const result = await manager.getRepository(ClaimEntity).delete({ userId, hwaddr });
    return (result.affected ?? 0) > 0;
  }

  async update(
    userId: string,
    hwaddr: string,
    changes: Partial<Pick<ClaimEntity, 'emailEvents' | 'nickname' | 'lastEventSeen'>>,
  ): Promise<boolean> {
    const result = await this.claims.update({ userId, hwaddr }, changes);
    return (result.affected ?? 0) > 0;
  }

  async hwaddrsWithWaitingClaims(): Promise<string[]> {
    const rows = await this.claims
      .createQueryBuilder('claim')
      .select('DISTINCT claim.hwaddr', 'hwaddr')
      .where("claim.status = 'WAITING'")
      .getRawMany<{ hwaddr: string }>();
    return rows.map((row) => row.hwaddr);
  }

  /** Oldest key first: when a limit stops the checks, the keys entered first have been checked. */
  waitingOn(hwaddr: string): Promise<ClaimEntity[]> {
    return this.claims.find({ where: { hwaddr, status: 'WAITING' }, order: { updatedAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Sets the status of the given claims if they are still WAITING with the key that was checked (a
   * key re-entered meanwhile waits for its own check); answers those changed.
   */
  async settle(ids: string[], key: string, status: SiteStatus): Promise<Array<{ id: string; userId: string }>> {
    if (ids.length === 0) return [];
    const result = await this.claims
      .createQueryBuilder()
      .update()
      .set({ status })
      .where({ id: In(ids), status: 'WAITING', adminKey: key })
      .returning(['id', 'userId'])
      .execute();
    return (result.raw as Array<{ id: string; user_id: string }>).map((row) => ({ id: row.id, userId: row.user_id }));
  }
}
