import { BIGINT_AS_NUMBER } from './bigint-column.util';
import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn, type Relation } from 'typeorm';
import type { PanelDeviceJson, PanelModuleJson, PanelZoneJson } from './json-columns.types';
import { PanelEntity } from './panel.entity';

/** The spec's Panel: one network of a panel, with its latest configuration snapshot. */
@Entity({ name: 'panel_networks' })
@Check('panel_networks_network_id_check', 'network_id BETWEEN 1 AND 99')
export class PanelNetworkEntity {
  @PrimaryColumn({ name: 'hwaddr', type: 'char', length: 12, primaryKeyConstraintName: 'panel_networks_pkey' })
  hwaddr!: string;

  @PrimaryColumn({ name: 'network_id', type: 'smallint', primaryKeyConstraintName: 'panel_networks_pkey' })
  networkId!: number;

  @ManyToOne(() => PanelEntity, (panel) => panel.networks, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'hwaddr', foreignKeyConstraintName: 'panel_networks_hwaddr_fkey' })
  panel?: Relation<PanelEntity>;

  @Column({ name: 'str_name', type: 'text', default: '' })
  strName!: string;

  @Column({ name: 'str_site', type: 'text', default: '' })
  strSite!: string;

  @Column({ name: 'str_company', type: 'text', default: '' })
  strCompany!: string;

  @Column({ name: 'str_phone_number', type: 'text', default: '' })
  strPhoneNumber!: string;

  @Column({ name: 'zones', type: 'jsonb', default: () => "'[]'" })
  zones!: PanelZoneJson[];

  @Column({ name: 'modules', type: 'jsonb', default: () => "'[]'" })
  modules!: PanelModuleJson[];

  @Column({ name: 'devices', type: 'jsonb', default: () => "'[]'" })
  devices!: PanelDeviceJson[];

  @Column({ name: 'config_received_at', type: 'timestamptz', nullable: true })
  configReceivedAt!: Date | null;

  /** Stream sequence of the stored snapshot: an older one handled late never replaces it. */
  @Column({ name: 'config_seq', type: 'bigint', default: 0, transformer: BIGINT_AS_NUMBER })
  configSeq!: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
