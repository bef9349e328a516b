import { Check, Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { EventCategory } from '@app/contracts';

/**
 * A panel event, stored once per (hwaddr, seq) so a redelivered event adds nothing.
 * `date` is the panel's own clock (what the spec shows and sorts by); `received_at` is the
 * server's, and unread counts compare it with a claim's last_event_seen (also server time).
 */
@Entity({ name: 'events' })
@Unique('events_hwaddr_seq_key', ['hwaddr', 'seq'])
@Check('events_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('events_seq_check', 'seq >= 0')
@Check('events_category_check', `category IN ('fire', 'fault', 'system', 'service', 'technical')`)
// Descending keys are beyond TypeORM's index description; the migration defines them:
// (hwaddr, date DESC, id DESC) for a site, (hwaddr, network_id, date DESC, id DESC) for a panel.
@Index('events_hwaddr_date_idx', { synchronize: false })
@Index('events_hwaddr_network_id_date_idx', { synchronize: false })
@Index('events_hwaddr_received_at_idx', ['hwaddr', 'receivedAt'])
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

  /** When the server stored it. */
  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  /** It arrived while its site was in test mode (docs/test-mode.md). */
  @Column({ name: 'test', type: 'boolean', default: false })
  test!: boolean;
}
