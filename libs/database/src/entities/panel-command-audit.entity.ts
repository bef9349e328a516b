import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import type { PanelCommandOutcome } from './column-values.types';

/** Who sent which control or edit command to which panel, when, and what came of it. */
@Entity({ name: 'panel_command_audit' })
@Check(
  'panel_command_audit_outcome_check',
  `outcome IN ('pending', 'ok', 'refused', 'rejected', 'not-connected', 'timeout', 'failed')`,
)
// (hwaddr, created_at DESC): descending keys are defined by the migration only.
@Index('panel_command_audit_hwaddr_created_at_idx', { synchronize: false })
export class PanelCommandAuditEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('panel_command_audit_pkey'))
  id!: number;

  /** Kept as given: the log outlives a deleted account. Null: the portal itself (a test mode that ended by itself). */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'user_name', type: 'text' })
  userName!: string;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'network_id', type: 'smallint' })
  networkId!: number;

  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  @Column({ name: 'command', type: 'jsonb' })
  command!: Record<string, unknown>;

  @Column({ name: 'outcome', type: 'text' })
  outcome!: PanelCommandOutcome;

  @Column({ name: 'reason', type: 'text', nullable: true })
  reason!: string | null;

  /** The command's correlation id, as its log lines carry it (docs/logging.md); null on older rows. */
  @Column({ name: 'correlation_id', type: 'text', nullable: true })
  correlationId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  /** When the outcome was recorded; null while the command is pending. */
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt!: Date | null;
}
