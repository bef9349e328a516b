import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { PanelOutageStatus } from './column-values.types';
import { NotificationEntity } from './notification.entity';

/**
 * One lost connection of a panel (docs/alerts.md). Unique per panel and connection: every gateway
 * and portal-api copy that hears of the loss names the same row, so it is reported once.
 */
@Entity({ name: 'panel_outages' })
@Unique('panel_outages_hwaddr_connection_id_key', ['hwaddr', 'connectionId'])
@Check('panel_outages_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('panel_outages_status_check', `status IN ('pending', 'cancelled', 'reported', 'restored')`)
@Index('panel_outages_pending_idx', ['lostAt'], { where: `status = 'pending'` })
@Index('panel_outages_open_hwaddr_key', ['hwaddr'], { unique: true, where: `status = 'reported'` })
@Index('panel_outages_mailed_idx', ['hwaddr', 'mailedAt'], { where: 'mailed_at IS NOT NULL' })
@Index('panel_outages_notification_id_idx', ['notificationId'])
export class PanelOutageEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('panel_outages_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  /** The connection that was lost, as the gateway named it. */
  @Column({ name: 'connection_id', type: 'text' })
  connectionId!: string;

  @Column({ name: 'lost_at', type: 'timestamptz' })
  lostAt!: Date;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status!: PanelOutageStatus;

  /** Its PANEL_OFFLINE notification (shared with the losses the flap rule folded into it). */
  @Column({ name: 'notification_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  notificationId!: number | null;

  @ManyToOne(() => NotificationEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'notification_id', foreignKeyConstraintName: 'panel_outages_notification_id_fkey' })
  notification?: Relation<NotificationEntity> | null;

  /** When it was decided to mail its loss; null while the flap rule holds the mails back (or for good). */
  @Column({ name: 'mailed_at', type: 'timestamptz', nullable: true })
  mailedAt!: Date | null;

  @Column({ name: 'reported_at', type: 'timestamptz', nullable: true })
  reportedAt!: Date | null;

  @Column({ name: 'restored_at', type: 'timestamptz', nullable: true })
  restoredAt!: Date | null;

  /** When its 'lost' mail jobs were queued; null while a mailed loss still has them to queue. */
  @Column({ name: 'lost_mails_queued_at', type: 'timestamptz', nullable: true })
  lostMailsQueuedAt!: Date | null;

  /** When its 'restored' mail jobs were queued; null while a mailed, restored loss still has them to queue. */
  @Column({ name: 'restored_mails_queued_at', type: 'timestamptz', nullable: true })
  restoredMailsQueuedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
