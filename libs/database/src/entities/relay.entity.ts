import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryColumn,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import { RELAY_DEFAULT_PORT } from '@app/contracts';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import { RelayActionEntity } from './relay-action.entity';
import { UserEntity } from './user.entity';

/** A user's IP relay board. */
@Entity({ name: 'relays' })
@Check('relays_port_check', 'port BETWEEN 1 AND 65535')
@Index('relays_user_id_idx', ['userId'])
export class RelayEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('relays_pkey'))
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'relays_user_id_fkey' })
  user?: Relation<UserEntity>;

  @Column({ name: 'name', type: 'text', default: '' })
  name!: string;

  @Column({ name: 'host', type: 'text' })
  host!: string;

  @Column({ name: 'port', type: 'integer', default: RELAY_DEFAULT_PORT })
  port!: number;

  /** Ciphertext only: the relay's password is encrypted before it reaches this column. */
  @Column({ name: 'password_encrypted', type: 'text' })
  passwordEncrypted!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;

  @OneToMany(() => RelayActionEntity, (action) => action.relay)
  actions?: Relation<RelayActionEntity[]>;
}
