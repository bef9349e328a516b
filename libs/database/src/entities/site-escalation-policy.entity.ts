import { Check, Column, Entity, PrimaryColumn } from 'typeorm';
import type { EscalationStepSetting } from '@app/contracts';

/** A site's own later escalation steps (docs/alarms.md); a site without one follows the default policy. */
@Entity({ name: 'site_escalation_policies' })
@Check('site_escalation_policies_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('site_escalation_policies_steps_check', `jsonb_typeof(steps) = 'array'`)
export class SiteEscalationPolicyEntity {
  @PrimaryColumn({
    name: 'hwaddr',
    type: 'char',
    length: 12,
    primaryKeyConstraintName: 'site_escalation_policies_pkey',
  })
  hwaddr!: string;

  /** The later steps in order (step 2 first): `{ afterMinutes, audience }`. */
  @Column({ name: 'steps', type: 'jsonb' })
  steps!: EscalationStepSetting[];

  /** Who set it (a log: no foreign key, the user may go), and their name then. */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @Column({ name: 'updated_by_name', type: 'text' })
  updatedByName!: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
