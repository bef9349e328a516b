import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/** A user's authenticator (docs/access.md): on once enabledAt is set by its first code. */
@Entity({ name: 'user_two_factor' })
export class UserTwoFactorEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'user_two_factor_pkey' })
  userId!: string;

  @OneToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_two_factor_user_id_fkey' })
  user?: Relation<UserEntity>;

  /** The base32 key under SecretCipher (RELAY_SECRET_KEY's authenticator key). */
  @Column({ name: 'secret_encrypted', type: 'text' })
  secretEncrypted!: string;

  @Column({ name: 'enabled_at', type: 'timestamptz', nullable: true })
  enabledAt!: Date | null;

  /** The 30-second time step of the last code accepted: a code is never accepted twice. */
  @Column({ name: 'last_used_step', type: 'bigint', nullable: true })
  lastUsedStep!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
