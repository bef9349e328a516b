import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, Unique } from 'typeorm';
import type { Relation } from 'typeorm';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import { UserEntity } from './user.entity';
import { UserSessionEntity } from './user-session.entity';

/** A browser a user turned push on for (docs/push.md): its push subscription. One per endpoint. */
@Entity({ name: 'push_devices' })
@Unique('push_devices_endpoint_key', ['endpoint'])
@Index('push_devices_user_id_idx', ['userId'])
@Index('push_devices_session_id_idx', ['sessionId'])
export class PushDeviceEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('push_devices_pkey'))
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'push_devices_user_id_fkey' })
  user?: Relation<UserEntity>;

  /** The push service's URL for this subscription (a capability: never shown). */
  /** The sign-in that turned push on in this browser; ending it removes the device (docs/access.md). */
  @Column({ name: 'session_id', type: 'uuid', nullable: true })
  sessionId!: string | null;

  @ManyToOne(() => UserSessionEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'session_id', foreignKeyConstraintName: 'push_devices_session_id_fkey' })
  session?: Relation<UserSessionEntity>;

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
