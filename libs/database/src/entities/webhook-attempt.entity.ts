import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import { WebhookDeliveryEntity } from './webhook-delivery.entity';

/** One try of a webhook delivery: written as it starts, completed with the receiver's answer. */
@Entity({ name: 'webhook_attempts' })
@Unique('webhook_attempts_delivery_attempt_key', ['deliveryId', 'attempt'])
export class WebhookAttemptEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('webhook_attempts_pkey'))
  id!: number;

  @Column({ name: 'delivery_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  deliveryId!: number;

  @ManyToOne(() => WebhookDeliveryEntity, { onDelete: 'CASCADE' })
  @JoinColumn({
    name: 'delivery_id',
    referencedColumnName: 'id',
    foreignKeyConstraintName: 'webhook_attempts_delivery_id_fkey',
  })
  delivery?: WebhookDeliveryEntity;

  @Column({ name: 'attempt', type: 'integer' })
  attempt!: number;

  @Column({ name: 'started_at', type: 'timestamptz' })
  startedAt!: Date;

  /** Null while under way, or when the try was cut short (a crash). */
  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode!: number | null;

  @Column({ name: 'error', type: 'text', nullable: true })
  error!: string | null;
}
