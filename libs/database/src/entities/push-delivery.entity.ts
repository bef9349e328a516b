import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { OutageChange } from '@app/contracts';
import type { PushDeliveryStatus } from './column-values.types';

/**
 * One alarm push owed to one device, by job id (docs/push.md): recorded owed before the alarm is
 * acked, marked sending just before the push service is asked, closed with its outcome. A log: it
 * outlives the device and the user.
 */
@Entity({ name: 'push_deliveries' })
@Unique('push_deliveries_job_id_key', ['jobId'])
@Check('push_deliveries_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('push_deliveries_status_check', `status IN ('queued', 'sent', 'failed', 'suppressed', 'handled-before-restore')`)
@Check('push_deliveries_attempts_check', 'attempts >= 0')
@Check(
  'push_deliveries_about_check',
  'event_seq IS NOT NULL OR (alarm_id IS NOT NULL AND escalation_step IS NOT NULL) OR (outage_id IS NOT NULL AND outage_change IS NOT NULL)',
)
@Check('push_deliveries_outage_change_check', `outage_change IN ('lost', 'restored')`)
@Index('push_deliveries_alarm_id_idx', ['alarmId'], { where: 'alarm_id IS NOT NULL' })
@Index('push_deliveries_queued_created_at_idx', ['createdAt'], { where: `status = 'queued'` })
@Index('push_deliveries_event_idx', ['hwaddr', 'eventSeq'])
export class PushDeliveryEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('push_deliveries_pkey'))
  id!: number;

  @Column({ name: 'job_id', type: 'text' })
  jobId!: string;

  @Column({ name: 'device_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  deviceId!: number;

  /** The device's name when the push was owed: the record outlives the device. */
  @Column({ name: 'device_name', type: 'text' })
  deviceName!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  /** The event an alarm push is about; null for an escalation step's push or an outage's. */
  @Column({ name: 'event_seq', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  eventSeq!: number | null;

  /** The alarm and step an escalation step's push is about. */
  @Column({ name: 'alarm_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  alarmId!: number | null;

  @Column({ name: 'escalation_step', type: 'integer', nullable: true })
  escalationStep!: number | null;

  /** The panel outage a push of communication lost or back is about (its alarm in alarm_id, when one opened). */
  @Column({ name: 'outage_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  outageId!: number | null;

  @Column({ name: 'outage_change', type: 'text', nullable: true })
  outageChange!: OutageChange | null;

  @Column({ name: 'status', type: 'text', default: 'queued' })
  status!: PushDeliveryStatus;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  /** Set just before the push service is asked, cleared with its answer; set at a start means unknown. */
  @Column({ name: 'sending_since', type: 'timestamptz', nullable: true })
  sendingSince!: Date | null;

  @Column({ name: 'possible_repeats', type: 'integer', default: 0 })
  possibleRepeats!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
