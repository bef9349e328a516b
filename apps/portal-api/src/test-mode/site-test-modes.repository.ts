import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { claimGrantsAccess, ClaimEntity, NotificationEntity, SiteTestModeEntity } from '@app/database';
import { insertSiteAuditRow, type SiteAuditRow } from '../panels/site-audit-row.util';

/** A test mode to store. */
export type NewTestMode = Pick<
  SiteTestModeEntity,
  'hwaddr' | 'startedBy' | 'startedByName' | 'startedAt' | 'until' | 'reason'
>;

/** How a test mode ended: by hand (who, when), or by itself at its `until` (by null). */
export interface TestModeEnding {
  at: Date;
  by: { userId: string; name: string } | null;
}

/** A row of the site's command audit log about its test mode. */
export type TestModeAuditRow = Omit<SiteAuditRow, 'networkId'>;

/** A test mode belongs to the site, not to one of its panel networks (as a relay test's audit row). */
const NO_NETWORK = 0;

/**
 * site_test_modes (docs/test-mode.md) and what a test mode's start and end write beside it: the
 * site's command audit log, and the TEST_MODE notifications of its other users.
 */
@Injectable()
export class SiteTestModesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Holds the site's lock until the transaction ends, so that a start, an end by hand and every
   * copy's sweep of one site take turns; each re-reads what it changes after taking it.
   */
  async lockSite(manager: EntityManager, hwaddr: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('site-test-mode'), hashtext($1))`, [hwaddr]);
  }

  /** The site's test mode not ended yet (its `until` may have passed: the sweep ends it then). */
  active(manager: EntityManager, hwaddr: string): Promise<SiteTestModeEntity | null> {
    return manager.getRepository(SiteTestModeEntity).findOneBy({ hwaddr, endedAt: IsNull() });
  }

  find(manager: EntityManager, id: number): Promise<SiteTestModeEntity | null> {
    return manager.getRepository(SiteTestModeEntity).findOneBy({ id });
  }

  async insert(manager: EntityManager, testMode: NewTestMode): Promise<SiteTestModeEntity> {
    const repository = manager.getRepository(SiteTestModeEntity);
    return repository.save(repository.create({ ...testMode, endedAt: null, endedBy: null, endedByName: null }));
  }

  async end(manager: EntityManager, id: number, ending: TestModeEnding): Promise<void> {
    await manager
      .getRepository(SiteTestModeEntity)
      .update({ id }, { endedAt: ending.at, endedBy: ending.by?.userId ?? null, endedByName: ending.by?.name ?? null });
  }

  /** Test modes not ended whose time is up, soonest first: for the sweep. */
  async due(now: Date, limit: number): Promise<Array<Pick<SiteTestModeEntity, 'id' | 'hwaddr'>>> {
    const rows = await this.dataSource.query<Array<{ id: string; hwaddr: string }>>(
      `SELECT id, hwaddr FROM site_test_modes WHERE ended_at IS NULL AND until <= $1 ORDER BY until LIMIT $2`,
      [now, limit],
    );
    return rows.map((row) => ({ id: Number(row.id), hwaddr: row.hwaddr }));
  }

  /** The users of the site (AUTHED claims) other than `userId`: the ones told of its test mode. */
  async otherUsers(manager: EntityManager, hwaddr: string, userId: string | null): Promise<string[]> {
    const rows = await manager
      .getRepository(ClaimEntity)
      .createQueryBuilder('claim')
      .select('claim.user_id', 'userId')
      .where(claimGrantsAccess('claim'))
      .andWhere('claim.hwaddr = :hwaddr', { hwaddr })
      .andWhere(userId === null ? 'true' : 'claim.user_id <> :userId', { userId })
      .orderBy('claim.user_id')
      .getRawMany<{ userId: string }>();
    return rows.map((row) => row.userId);
  }

  /** The TEST_MODE notifications raised for this test mode. */
  notificationsOf(manager: EntityManager, hwaddr: string, testModeId: number): Promise<NotificationEntity[]> {
    return manager
      .getRepository(NotificationEntity)
      .createQueryBuilder('notification')
      .where('notification.hwaddr = :hwaddr', { hwaddr })
      .andWhere(`notification.notification_type = 'TEST_MODE'`)
      .andWhere(`notification.notification_data->>'test_mode_id' = :id`, { id: String(testModeId) })
      .orderBy('notification.id')
      .getMany();
  }

  /** Written with the change, in its transaction: a start or end on record is one that happened. */
  audit(manager: EntityManager, row: TestModeAuditRow): Promise<void> {
    return insertSiteAuditRow(manager, { ...row, networkId: NO_NETWORK });
  }
}
