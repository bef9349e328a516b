import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EscalationStepSetting } from '@app/contracts';
import { claimGrantsAccess, SiteEscalationPolicyEntity } from '@app/database';

/** site_escalation_policies: a site's own later steps, one row per site that set them. */
@Injectable()
export class SiteEscalationRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  of(hwaddr: string): Promise<SiteEscalationPolicyEntity | null> {
    return this.dataSource.getRepository(SiteEscalationPolicyEntity).findOneBy({ hwaddr });
  }

  /** Whether every one of these users has access to the site now. */
  async allHaveAccess(hwaddr: string, userIds: readonly string[]): Promise<boolean> {
    const [row] = await this.dataSource.query<Array<{ count: number }>>(
      `SELECT count(DISTINCT c.user_id)::int AS count FROM claims c
       WHERE c.hwaddr = $1 AND c.user_id = ANY($2::uuid[]) AND ${claimGrantsAccess('c')}`,
      [hwaddr, userIds],
    );
    return row.count === userIds.length;
  }

  /** Sets them (whoever set them before): alarms that open from now on follow them. */
  async set(
    hwaddr: string,
    steps: readonly EscalationStepSetting[],
    by: { userId: string; name: string },
    at: Date,
  ): Promise<SiteEscalationPolicyEntity> {
    const policy = {
      hwaddr,
      steps: steps.map(({ afterMinutes, audience, people, channels }) => ({
        afterMinutes,
        audience,
        people,
        channels,
      })),
      updatedBy: by.userId,
      updatedByName: by.name,
      updatedAt: at,
    };
    await this.dataSource.getRepository(SiteEscalationPolicyEntity).upsert(policy, ['hwaddr']);
    return policy;
  }
}
