import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import { UserEntity } from './user.entity';

/** One of a user's single-use recovery codes, as its SHA-256 hash only. */
@Entity({ name: 'user_recovery_codes' })
export class UserRecoveryCodeEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'user_recovery_codes_pkey' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'user_recovery_codes_user_id_fkey' })
  user?: Relation<UserEntity>;

  @PrimaryColumn({ name: 'code_hash', type: 'text', primaryKeyConstraintName: 'user_recovery_codes_pkey' })
  codeHash!: string;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
