import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import type { EscalationAudience, EscalationChannel, EscalationStepStatus } from '@app/contracts';
import { AlarmEntity } from './alarm.entity';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';

/**
 * One delayed step of an alarm's escalation (docs/alarms.md), owed from the moment the alarm opened:
 * taken when due unless the alarm was acknowledged before. Once per alarm and step.
 */
@Entity({ name: 'alarm_escalations' })
@Unique('alarm_escalations_alarm_step_key', ['alarmId', 'step'])
@Check('alarm_escalations_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('alarm_escalations_audience_check', `audience IN ('opted-in', 'everyone', 'people')`)
@Check(
  'alarm_escalations_channels_check',
  `cardinality(channels) > 0 AND channels <@ ARRAY['email', 'push', 'webhook']::text[]`,
)
@Check('alarm_escalations_status_check', `status IN ('owed', 'sent', 'stopped', 'failed', 'handled-before-restore')`)
@Check('alarm_escalations_step_check', 'step >= 1')
@Index('alarm_escalations_owed_due_at_idx', ['dueAt'], { where: `status = 'owed'` })
export class AlarmEscalationEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('alarm_escalations_pkey'))
  id!: number;

  @Column({ name: 'alarm_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  alarmId!: number;

  @ManyToOne(() => AlarmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'alarm_id', foreignKeyConstraintName: 'alarm_escalations_alarm_id_fkey' })
  alarm?: Relation<AlarmEntity>;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'step', type: 'integer' })
  step!: number;

  @Column({ name: 'audience', type: 'text' })
  audience!: EscalationAudience;

  /** The users a 'people' step names; empty for the other audiences. */
  @Column({ name: 'people', type: 'uuid', array: true })
  people!: string[];

  /** How it reaches (ESCALATION_CHANNELS). */
  @Column({ name: 'channels', type: 'text', array: true })
  channels!: EscalationChannel[];

  /** The policy's minutes after the alarm opened, as the step's mails tell them. */
  @Column({ name: 'after_minutes', type: 'integer' })
  afterMinutes!: number;

  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt!: Date;

  @Column({ name: 'status', type: 'text', default: 'owed' })
  status!: EscalationStepStatus;

  /** Why it was stopped or failed. */
  @Column({ name: 'reason', type: 'text', nullable: true })
  reason!: string | null;

  /** How many people it reached when taken (an e-mail each, or a push when it sends no e-mail). */
  @Column({ name: 'recipients', type: 'integer', default: 0 })
  recipients!: number;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'done_at', type: 'timestamptz', nullable: true })
  doneAt!: Date | null;
}
