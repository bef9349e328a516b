import { Check, Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { EventCategory } from '@app/contracts';

/**
 * A panel event, stored once per (hwaddr, seq) so a redelivered event adds nothing.
 * `date` is the panel's own clock; `received_at` is the portal's (when a gateway received it): lists,
 * exports and unread counts go by it (docs/api.md, "Event times"), so a panel whose clock is off
 * cannot bury an arriving fire below older notes.
 */
@Entity({ name: 'events' })
@Unique('events_hwaddr_seq_key', ['hwaddr', 'seq'])
@Check('events_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('events_seq_check', 'seq >= 0')
@Check('events_category_check', `category IN ('fire', 'fault', 'system', 'service', 'technical')`)
// Descending keys are beyond TypeORM's index description; the migration defines them:
// (hwaddr, received_at DESC, id DESC) INCLUDE (network_id) for a site, (hwaddr, network_id, received_at DESC,
// id DESC) for a panel.
@Index('events_hwaddr_received_at_idx', { synchronize: false })
@Index('events_hwaddr_network_id_received_at_idx', { synchronize: false })
export class EventEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('events_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'network_id', type: 'smallint' })
  networkId!: number;

  /** The panel's own event sequence number. */
  @Column({ name: 'seq', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  seq!: number;

  @Column({ name: 'category', type: 'text' })
  category!: EventCategory;

  @Column({ name: 'title', type: 'text' })
  title!: string;

  /** Date reported by the panel. */
  @Column({ name: 'date', type: 'timestamptz' })
  date!: Date;

  @Column({ name: 'location', type: 'text', default: '' })
  location!: string;

  /** When the portal received it (the gateway's clock). */
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  /** It arrived while its site was in test mode (docs/test-mode.md). */
  @Column({ name: 'test', type: 'boolean', default: false })
  test!: boolean;
}
