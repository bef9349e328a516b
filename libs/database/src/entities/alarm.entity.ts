import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { AlarmKind } from '@app/contracts';
import { bigintIdentityPrimaryKey } from './bigint-column.util';

/** The network id of an alarm about the whole panel (a communication loss). */
export const WHOLE_PANEL_NETWORK = 0;

/**
 * An alarm of a site (docs/alarms.md): opened by a fire, a fault or a communication loss, active
 * until the panel clears it, waiting for someone until acknowledged. At most one active alarm per
 * site, kind and network: later events of its kind join it.
 */
@Entity({ name: 'alarms' })
@Check('alarms_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('alarms_kind_check', `kind IN ('fire', 'fault', 'communication')`)
@Index('alarms_active_key', ['hwaddr', 'kind', 'networkId'], { unique: true, where: 'cleared_at IS NULL' })
@Index('alarms_unacknowledged_idx', ['hwaddr'], { where: 'acknowledged_at IS NULL' })
@Index('alarms_hwaddr_opened_at_idx', ['hwaddr', 'openedAt'])
export class AlarmEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('alarms_pkey'))
  id!: number;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'kind', type: 'text' })
  kind!: AlarmKind;

  /** WHOLE_PANEL_NETWORK for a communication loss. */
  @Column({ name: 'network_id', type: 'integer' })
  networkId!: number;

  @Column({ name: 'title', type: 'text' })
  title!: string;

  @Column({ name: 'location', type: 'text' })
  location!: string;

  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt!: Date;

  @Column({ name: 'last_event_at', type: 'timestamptz' })
  lastEventAt!: Date;

  @Column({ name: 'events', type: 'integer', default: 1 })
  events!: number;

  @Column({ name: 'acknowledged_at', type: 'timestamptz', nullable: true })
  acknowledgedAt!: Date | null;

  @Column({ name: 'acknowledged_by', type: 'uuid', nullable: true })
  acknowledgedBy!: string | null;

  @Column({ name: 'acknowledged_by_name', type: 'text', nullable: true })
  acknowledgedByName!: string | null;

  @Column({ name: 'acknowledge_note', type: 'text', nullable: true })
  acknowledgeNote!: string | null;

  @Column({ name: 'cleared_at', type: 'timestamptz', nullable: true })
  clearedAt!: Date | null;

  @Column({ name: 'clear_reason', type: 'text', nullable: true })
  clearReason!: string | null;
}
