import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';
import type { SessionEndReason } from './column-values.types';

/** One sign-in of a user: a browser, until ended or its token expires (docs/access.md). */
@Entity({ name: 'user_sessions' })
@Check('user_sessions_ended_why_check', `ended_why IN ('ended', 'password-changed')`)
@Check('user_sessions_ended_check', '(ended_at IS NULL) = (ended_why IS NULL)')
@Index('user_sessions_user_id_open_idx', ['userId', 'createdAt'], { where: 'ended_at IS NULL' })
export class UserSessionEntity {
  @PrimaryGeneratedColumn('uuid', { name: 'id', primaryKeyConstraintName: 'user_sessions_pkey' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_sessions_user_id_fkey' })
  user?: Relation<UserEntity>;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' })
  lastSeenAt!: Date;

  /** The client's address at sign-in (behind a trusted proxy, from X-Forwarded-For). */
  @Column({ name: 'address', type: 'text', default: '' })
  address!: string;

  @Column({ name: 'user_agent', type: 'text', default: '' })
  userAgent!: string;

  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt!: Date | null;

  @Column({ name: 'ended_why', type: 'text', nullable: true })
  endedWhy!: SessionEndReason | null;
}
