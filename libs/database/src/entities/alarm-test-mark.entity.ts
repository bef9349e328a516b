import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { BIGINT_AS_NUMBER } from './bigint-column.util';

/**
 * The test decision of one fire or fault (docs/test-mode.md), taken once by whichever app handles
 * the event first and read by the others: the test mode that covered its arrival, or none.
 */
@Entity({ name: 'alarm_test_marks' })
export class AlarmTestMarkEntity {
  @PrimaryColumn({ name: 'hwaddr', type: 'char', length: 12, primaryKeyConstraintName: 'alarm_test_marks_pkey' })
  hwaddr!: string;

  @PrimaryColumn({
    name: 'event_seq',
    type: 'bigint',
    transformer: BIGINT_AS_NUMBER,
    primaryKeyConstraintName: 'alarm_test_marks_pkey',
  })
  eventSeq!: number;

  /** The site_test_modes row that covered the event's arrival; null: not a test event. */
  @Column({ name: 'test_mode_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  testModeId!: number | null;

  /** Old decisions are forgotten by this (forgetAlarmTestMarks). */
  @Index('alarm_test_marks_decided_at_idx')
  @Column({ name: 'decided_at', type: 'timestamptz', default: () => 'now()' })
  decidedAt!: Date;
}
