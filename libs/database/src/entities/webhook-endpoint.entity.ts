import { Check, Column, CreateDateColumn, Entity, PrimaryColumn, Unique } from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';

/**
 * A site's webhook (docs/webhooks.md): the https:// endpoint its alarms are POSTed to, and the
 * Standard Webhooks secret they are signed with. One per site.
 */
@Entity({ name: 'webhook_endpoints' })
@Unique('webhook_endpoints_hwaddr_key', ['hwaddr'])
@Check('webhook_endpoints_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
export class WebhookEndpointEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('webhook_endpoints_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'url', type: 'text' })
  url!: string;

  @Column({ name: 'secret', type: 'text' })
  secret!: string;

  /** Who set it last (a log: no foreign key, the user may go). */
  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
