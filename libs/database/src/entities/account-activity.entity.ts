import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { Relation } from 'typeorm';
import type { AccountActivityKind } from '@app/contracts';
import { bigintIdentityPrimaryKey } from './bigint-column.util';
import { UserEntity } from './user.entity';

/** One change to an account's security, with when and from where (docs/access.md, "Account activity"). */
@Entity({ name: 'account_activity' })
@Check(
  'account_activity_kind_check',
  `kind IN ('two-factor-on', 'two-factor-off', 'recovery-code-used', 'session-ended', 'other-sessions-ended', 'password-reset')`,
)
// (user_id, at DESC, id DESC): the migration's, newest first.
@Index('account_activity_user_id_at_idx', { synchronize: false })
export class AccountActivityEntity {
  @PrimaryColumn(bigintIdentityPrimaryKey('account_activity_pkey'))
  id!: number;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'account_activity_user_id_fkey' })
  user?: Relation<UserEntity>;

  @Column({ name: 'at', type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ name: 'kind', type: 'text' })
  kind!: AccountActivityKind;

  @Column({ name: 'address', type: 'text', default: '' })
  address!: string;

  @Column({ name: 'detail', type: 'text', default: '' })
  detail!: string;
}
