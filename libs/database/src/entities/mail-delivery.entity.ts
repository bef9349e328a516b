import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { MailDeliveryStatus, MailKind } from './column-values.types';

/**
 * One e-mail the mailer was asked to send, by queue job id (unique, so a redelivered request
 * sends nothing twice). A log: it outlives the user, hence no foreign key on user_id.
 */
@Entity({ name: 'mail_deliveries' })
@Unique('mail_deliveries_job_id_key', ['jobId'])
@Check('mail_deliveries_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check(
  'mail_deliveries_kind_check',
  `kind IN ('event-alert', 'password-reset', 'panel-offline', 'panel-online', 'alarm-escalation', 'invitation')`,
)
@Check('mail_deliveries_status_check', `status IN ('queued', 'sent', 'failed', 'suppressed', 'handled-before-restore')`)
@Check('mail_deliveries_attempts_check', 'attempts >= 0')
@Index('mail_deliveries_alarm_id_idx', ['alarmId'], { where: 'alarm_id IS NOT NULL' })
@Index('mail_deliveries_event_idx', ['hwaddr', 'eventSeq'], { where: 'event_seq IS NOT NULL' })
export class MailDeliveryEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('mail_deliveries_pkey'))
  id!: number;

  @Column({ name: 'job_id', type: 'text' })
  jobId!: string;

  @Column({ name: 'kind', type: 'text' })
  kind!: MailKind;

  @Column({ name: 'recipient', type: 'text' })
  recipient!: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'hwaddr', type: 'char', length: 12, nullable: true })
  hwaddr!: string | null;

  @Column({ name: 'event_seq', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  eventSeq!: number | null;

  /** The panel_outages row a 'panel-offline' or 'panel-online' mail is about. */
  @Column({ name: 'outage_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  outageId!: number | null;

  /** The alarm an 'alarm-escalation' mail is about, and its step. */
  @Column({ name: 'alarm_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  alarmId!: number | null;

  @Column({ name: 'escalation_step', type: 'integer', nullable: true })
  escalationStep!: number | null;

  @Column({ name: 'status', type: 'text', default: 'queued' })
  status!: MailDeliveryStatus;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  /** Set just before the SMTP send, cleared when its outcome is recorded; set at a start means unknown. */
  @Column({ name: 'sending_since', type: 'timestamptz', nullable: true })
  sendingSince!: Date | null;

  /** Starts that found the previous send's outcome unknown (after a crash) and sent again. */
  @Column({ name: 'possible_repeats', type: 'integer', default: 0 })
  possibleRepeats!: number;
}
