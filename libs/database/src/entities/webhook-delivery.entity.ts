import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { WebhookDeliveryState, WebhookEventType, WebhookPayload } from '@app/contracts';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

/**
 * One message owed to a site's webhook, recorded before the alarm it tells of is acked: unique per
 * endpoint and message id, so however often it is queued, it is one delivery. Kept when the
 * webhook is removed (its endpoint then null), for the record.
 */
@Entity({ name: 'webhook_deliveries' })
@Unique('webhook_deliveries_endpoint_message_key', ['endpointId', 'messageId'])
@Check('webhook_deliveries_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check(
  'webhook_deliveries_type_check',
  `type IN ('alarm.fire', 'alarm.fault', 'panel.communication_lost', 'panel.communication_restored', 'alarm.escalated', 'test_mode.started', 'test_mode.ended', 'webhook.test')`,
)
@Check(
  'webhook_deliveries_state_check',
  `state IN ('owed', 'sending', 'retrying', 'delivered', 'failed', 'suppressed', 'cancelled', 'handled-before-restore')`,
)
@Check('webhook_deliveries_attempts_check', 'attempts >= 0')
@Index('webhook_deliveries_hwaddr_created_at_idx', ['hwaddr', 'createdAt'])
@Index('webhook_deliveries_open_created_at_idx', ['createdAt'], {
  where: `state IN ('owed', 'sending', 'retrying')`,
})
export class WebhookDeliveryEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('webhook_deliveries_pkey'))
  id!: number;

  @Column({ name: 'endpoint_id', type: 'bigint', nullable: true, transformer: BIGINT_AS_NUMBER })
  endpointId!: number | null;

  @ManyToOne(() => WebhookEndpointEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({
    name: 'endpoint_id',
    referencedColumnName: 'id',
    foreignKeyConstraintName: 'webhook_deliveries_endpoint_id_fkey',
  })
  endpoint?: WebhookEndpointEntity | null;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  /** Its webhook-id, derived from what it tells (webhook-messages.util of @app/contracts). */
  @Column({ name: 'message_id', type: 'text' })
  messageId!: string;

  @Column({ name: 'type', type: 'text' })
  type!: WebhookEventType;

  @Column({ name: 'payload', type: 'jsonb' })
  payload!: WebhookPayload;

  @Column({ name: 'state', type: 'text', default: 'owed' })
  state!: WebhookDeliveryState;

  /** Why it was suppressed, cancelled or failed. */
  @Column({ name: 'reason', type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  /** A try was cut short with its outcome unknown, and a later one sent it again. */
  @Column({ name: 'possible_repeat', type: 'boolean', default: false })
  possibleRepeat!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt!: Date | null;
}
