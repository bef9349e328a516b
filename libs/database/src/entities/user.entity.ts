import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A registered person: installer or site owner. */
@Entity({ name: 'users' })
// Unique on lower(email): an expression index TypeORM cannot describe, so it only names it.
@Index('users_email_lower_key', { synchronize: false })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  /** Stored as typed; compare with lower(email) so that case never matters. */
  @Column({ name: 'email', type: 'text' })
  email!: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName!: string;

  @Column({ name: 'company', type: 'text', default: '' })
  company!: string;

  @Column({ name: 'telephone', type: 'text', default: '' })
  telephone!: string;

  /** Whether the user's browsers toast live events other than fire and fault (fire and fault always are). */
  @Column({ name: 'other_event_toasts', type: 'boolean', default: true })
  otherEventToasts!: boolean;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  /** Tokens issued before this moment are no longer accepted. */
  @Column({ name: 'password_changed_at', type: 'timestamptz', default: () => 'now()' })
  passwordChangedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
