import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import type { AlarmChange } from '@app/contracts';
import { AlarmEntity } from './alarm.entity';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';

/** One change of an alarm (docs/alarms.md). A panel event joins one alarm once: unique per panel and sequence. */
@Entity({ name: 'alarm_timeline' })
@Check('alarm_timeline_change_check', `change IN ('opened', 'event', 'acknowledged', 'cleared')`)
@Index('alarm_timeline_alarm_id_idx', ['alarmId'])
@Index('alarm_timeline_event_key', ['hwaddr', 'eventSeq'], { unique: true, where: 'event_seq IS NOT NULL' })
export class AlarmTimelineEntryEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('alarm_timeline_pkey'))
  id!: number;

  @Column({ name: 'alarm_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  alarmId!: number;

  @ManyToOne(() => AlarmEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'alarm_id', foreignKeyConstraintName: 'alarm_timeline_alarm_id_fkey' })
  alarm?: Relation<AlarmEntity>;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'change', type: 'text' })
  change!: AlarmChange;

  @Column({ name: 'at', type: 'timestamptz' })
  at!: Date;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'user_name', type: 'text', nullable: true })
  userName!: string | null;

  /** The event's title, the acknowledgement's note, or why it cleared. */
  @Column({ name: 'text', type: 'text' })
  text!: string;

  /** The panel's sequence number of the event that opened or joined it. */
  @Column({ name: 'event_seq', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  eventSeq!: number | null;
}
