import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EscalationStepSetting } from '@app/contracts';
import { SiteEscalationPolicyEntity } from '@app/database';

/** site_escalation_policies: a site's own later steps, one row per site that set them. */
@Injectable()
export class SiteEscalationRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  of(hwaddr: string): Promise<SiteEscalationPolicyEntity | null> {
    return this.dataSource.getRepository(SiteEscalationPolicyEntity).findOneBy({ hwaddr });
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
      steps: steps.map(({ afterMinutes, audience, channels }) => ({ afterMinutes, audience, channels })),
      updatedBy: by.userId,
      updatedByName: by.name,
      updatedAt: at,
    };
    await this.dataSource.getRepository(SiteEscalationPolicyEntity).upsert(policy, ['hwaddr']);
    return policy;
  }
}
