import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  type Relation,
} from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import type { NotificationType } from '@app/contracts';
import { UserEntity } from './user.entity';

/** A site notification (e.g. TIME_DESYNC) that a user can resolve. */
@Entity({ name: 'notifications' })
@Check('notifications_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
// (hwaddr, created_at DESC): descending keys are defined by the migration only.
@Index('notifications_hwaddr_created_at_idx', { synchronize: false })
// Unresolved notifications of a site, for unread counts.
@Index('notifications_unresolved_hwaddr_idx', ['hwaddr'], { where: 'resolved_on IS NULL' })
// At most one open TIME_DESYNC per site: a partial unique index defined by the migration only.
@Index('notifications_open_time_desync_key', { synchronize: false })
export class NotificationEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('notifications_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'notification_type', type: 'text' })
  notificationType!: NotificationType;

  @Column({ name: 'notification_data', type: 'jsonb', default: () => "'{}'" })
  notificationData!: Record<string, unknown>;

  @Column({ name: 'title', type: 'text' })
  title!: string;

  @Column({ name: 'text', type: 'text' })
  text!: string;

  /**
   * The one user it is for (e.g. the owner of a relay that failed); null: every user of the site.
   */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'notifications_user_id_fkey' })
  user?: Relation<UserEntity> | null;

  @Column({ name: 'resolved_by', type: 'uuid', nullable: true })
  resolvedBy!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'resolved_by', foreignKeyConstraintName: 'notifications_resolved_by_fkey' })
  resolvedByUser?: Relation<UserEntity> | null;

  /** The resolver's name at the time, so "Resolved by: {name}" survives the user's deletion. */
  @Column({ name: 'resolved_by_name', type: 'text', nullable: true })
  resolvedByName!: string | null;

  @Column({ name: 'resolved_on', type: 'timestamptz', nullable: true })
  resolvedOn!: Date | null;
}
