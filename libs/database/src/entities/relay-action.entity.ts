import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { BIGINT_AS_NUMBER, bigintIdentityPrimaryKey } from './bigint-column.util';
import type { RelayOutputsJson } from './json-columns.types';
import { RelayEntity } from './relay.entity';

/** What a relay does when a site reports fire or fault; one per (relay, site). */
@Entity({ name: 'relay_actions' })
@Unique('relay_actions_relay_id_hwaddr_key', ['relayId', 'hwaddr'])
@Index('relay_actions_hwaddr_idx', ['hwaddr'])
@Check('relay_actions_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
export class RelayActionEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('relay_actions_pkey'))
  id!: number;

  @Column({ name: 'relay_id', type: 'bigint', transformer: BIGINT_AS_NUMBER })
  relayId!: number;

  @ManyToOne(() => RelayEntity, (relay) => relay.actions, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'relay_id', foreignKeyConstraintName: 'relay_actions_relay_id_fkey' })
  relay?: Relation<RelayEntity>;

  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  @Column({ name: 'on_fire', type: 'jsonb' })
  onFire!: RelayOutputsJson;

  @Column({ name: 'on_fault', type: 'jsonb' })
  onFault!: RelayOutputsJson;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
