import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import { UserEntity } from './user.entity';

/** A browser a user turned push on for (docs/push.md): its push subscription. One per endpoint. */
@Entity({ name: 'push_devices' })
@Unique('push_devices_endpoint_key', ['endpoint'])
@Index('push_devices_user_id_idx', ['userId'])
export class PushDeviceEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('push_devices_pkey'))
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'push_devices_user_id_fkey' })
  user?: Relation<UserEntity>;

  /** The push service's URL for this subscription (a capability: never shown). */
  @Column({ name: 'endpoint', type: 'text' })
  endpoint!: string;

  /** The browser's P-256 public key and auth secret (base64url), which each push is encrypted for. */
  @Column({ name: 'p256dh', type: 'text' })
  p256dh!: string;

  @Column({ name: 'auth', type: 'text' })
  auth!: string;

  @Column({ name: 'name', type: 'text' })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_push_at', type: 'timestamptz', nullable: true })
  lastPushAt!: Date | null;
}
