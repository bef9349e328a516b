import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/** A user's quiet hours (docs/alarms.md): faults and communication losses are not e-mailed or pushed to them then. */
@Entity({ name: 'user_quiet_hours' })
@Check('user_quiet_hours_span_check', 'starts <> ends')
export class UserQuietHoursEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'user_quiet_hours_pkey' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_quiet_hours_user_id_fkey' })
  user?: Relation<UserEntity>;

  /** 'HH:MM:SS' as PostgreSQL gives a time. */
  @Column({ name: 'starts', type: 'time' })
  starts!: string;

  @Column({ name: 'ends', type: 'time' })
  ends!: string;

  @Column({ name: 'time_zone', type: 'text' })
  timeZone!: string;
}
