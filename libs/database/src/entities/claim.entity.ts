import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
  type Relation,
} from 'typeorm';
import type { SiteAccessVia, SiteRole } from '@app/contracts';
import { ACCESS_GRANTING_CLAIM_STATUS } from '../claims/claim-access.scope';
import type { ClaimStatus } from './column-values.types';
import { UserEntity } from './user.entity';

/**
 * A user's claim on a panel: the spec's Site as that user sees it. By the panel's admin key (the
 * spec's claim, `via: 'key'`), or granted through a company or an invitation (docs/access.md,
 * "Teams": AUTHED with the role granted, no key; kept in step by SiteGrants). Nickname, e-mail
 * choice and last-seen mark belong to the claim, so each user keeps their own.
 */
@Entity({ name: 'claims' })
@Unique('claims_user_id_hwaddr_key', ['userId', 'hwaddr'])
@Index('claims_hwaddr_status_idx', ['hwaddr', 'status'])
@Check('claims_hwaddr_check', `hwaddr ~ '^[0-9a-f]{12}$'`)
@Check('claims_admin_key_check', `admin_key ~ '^[0-9]{4}$'`)
@Check('claims_status_check', `status IN ('AUTHED', 'WAITING', 'UNAUTHORISED')`)
@Check('claims_via_check', `via IN ('key', 'company', 'invitation')`)
@Check('claims_role_check', `role IN ('holder', 'admin', 'technician', 'viewer')`)
@Check(
  'claims_grant_check',
  `CASE via
            WHEN 'key' THEN admin_key IS NOT NULL AND role = 'holder'
            WHEN 'company' THEN admin_key IS NULL AND role <> 'holder' AND status = '${ACCESS_GRANTING_CLAIM_STATUS}'
            ELSE admin_key IS NULL AND role IN ('technician', 'viewer') AND status = '${ACCESS_GRANTING_CLAIM_STATUS}'
          END`,
)
export class ClaimEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'claims_pkey' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: false })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'claims_user_id_fkey' })
  user?: Relation<UserEntity>;

  /** 12 lowercase hex characters. */
  @Column({ name: 'hwaddr', type: 'char', length: 12 })
  hwaddr!: string;

  /** Null for a claim granted through a company or an invitation. */
  @Column({ name: 'admin_key', type: 'char', length: 4, nullable: true })
  adminKey!: string | null;

  @Column({ name: 'via', type: 'text', default: 'key' })
  via!: SiteAccessVia;

  @Column({ name: 'role', type: 'text', default: 'holder' })
  role!: SiteRole;

  @Column({ name: 'nickname', type: 'text', default: '' })
  nickname!: string;

  @Column({ name: 'status', type: 'text', default: 'WAITING' })
  status!: ClaimStatus;

  @Column({ name: 'email_events', type: 'boolean', default: false })
  emailEvents!: boolean;

  /** Server time up to which the user has seen this site's events (compared with received_at). */
  @Column({ name: 'last_event_seen', type: 'timestamptz', default: () => 'now()' })
  lastEventSeen!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
