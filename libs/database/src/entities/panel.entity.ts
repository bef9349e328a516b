import { Check, Column, Entity, OneToMany, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import { BIGINT_AS_NUMBER } from './bigint-column.util';
import { UNKNOWN_PANEL_TYPE } from './column-values.types';
import { PanelNetworkEntity } from './panel-network.entity';

/** One panel (hwaddr) as the gateway has seen it. */
@Entity({ name: 'panels' })
@Check('panels_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
export class PanelEntity {
  @PrimaryColumn({ name: 'hwaddr', type: 'char', length: 12, primaryKeyConstraintName: 'panels_pkey' })
  hwaddr!: string;

  @Column({ name: 'panel_type', type: 'text', default: UNKNOWN_PANEL_TYPE })
  panelType!: string;

  @Column({ name: 'firmware', type: 'text', default: '' })
  firmware!: string;

  @Column({ name: 'cloud_control', type: 'boolean', default: false })
  cloudControl!: boolean;

  @Column({ name: 'connected', type: 'boolean', default: false })
  connected!: boolean;

  /** The gateway copy holding (or that last held) the panel's connection. */
  @Column({ name: 'gateway_id', type: 'text', nullable: true })
  gatewayId!: string | null;

  /** The panel's latest connection, as the gateway named it. */
  @Column({ name: 'connection_id', type: 'text', nullable: true })
  connectionId!: string | null;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  /** Highest event sequence stored for this panel. */
  @Column({ name: 'last_event_seq', type: 'bigint', default: 0, transformer: BIGINT_AS_NUMBER })
  lastEventSeq!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @OneToMany(() => PanelNetworkEntity, (network) => network.panel)
  networks?: Relation<PanelNetworkEntity[]>;
}
