import { CredentialRevocations } from '../auth/credential-revocations.service';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  AccessActivity,
  PendingInvitation,
  SiteAccessEntry,
  SiteAccessList,
  SiteAccessVia,
  SiteRole,
  SiteShareRole,
} from '@app/contracts';
import { ACCESS_GRANTING_CLAIM_STATUS } from '@app/database';
import { DomainError } from '@app/platform';
import type { ClaimsIdentity } from '../auth/authenticated-request.types';
import { UsersRepository } from '../auth/users.repository';
import { ClaimsRepository } from '../claims/claims.repository';
import { namedUser, type NamedUser } from './named-user.util';
import { PanelAccessService } from '../panel-access/panel-access.service';
import { SiteGrantsRepository } from '../site-grants/site-grants.repository';
import { AccessActivityRepository, recordAccessActivity } from './access-activity.repository';
import { INVITATION_NOT_FOUND, InvitationsService } from './invitations.service';
import { ALREADY_HAS_SITE, PERSON_NOT_SHARED } from './teams.constants';

interface AccessRow {
  user_id: string;
  name: string;
  email: string;
  via: SiteAccessVia;
  role: SiteRole;
  company_name: string | null;
}

/**
 * A site shared without a company (docs/access.md, "Teams"): a holder of its panel key invites a
 * person as technician or viewer, sees who reaches the site and how, and revokes what they shared.
 */
@Injectable()
export class SiteSharingService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly access: PanelAccessService,
    private readonly users: UsersRepository,
    private readonly userClaims: ClaimsRepository,
    private readonly invitations: InvitationsService,
    private readonly grants: SiteGrantsRepository,
    private readonly revocations: CredentialRevocations,
    private readonly activity: AccessActivityRepository,
  ) {}

  async list(claims: ClaimsIdentity, hwaddr: string): Promise<SiteAccessList> {
    await this.access.assertHasRight(claims, hwaddr, 'share');
    const [rows, invitations] = await Promise.all([
      this.dataSource.query<AccessRow[]>(
        `SELECT c.user_id, u.full_name AS name, u.email, c.via, c.role,
                CASE WHEN c.via = 'company'
                     THEN (SELECT string_agg(co.name, ', ' ORDER BY co.name) FROM company_sites cs
                             JOIN company_members m ON m.company_id = cs.company_id AND m.user_id = c.user_id
                             JOIN companies co ON co.id = cs.company_id
                            WHERE cs.hwaddr = c.hwaddr)
                     END AS company_name
           FROM claims c JOIN users u ON u.id = c.user_id
          WHERE c.hwaddr = $1 AND c.status = $2
          ORDER BY CASE c.via WHEN 'key' THEN 0 WHEN 'company' THEN 1 ELSE 2 END, lower(u.full_name), u.id`,
        [hwaddr, ACCESS_GRANTING_CLAIM_STATUS],
      ),
      this.invitations.pending({ hwaddr }),
    ]);
    const people: SiteAccessEntry[] = rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      via: row.via,
      role: row.role,
      companyName: row.company_name,
      revocable: row.via === 'invitation',
    }));
    return { people, invitations };
  }

  async invite(
    claims: ClaimsIdentity,
    hwaddr: string,
    email: string,
    role: SiteShareRole,
    address: string,
  ): Promise<PendingInvitation> {
    await this.access.assertHasRight(claims, hwaddr, 'share');
    const inviter = await this.named(claims.userId);
    const has = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM claims c JOIN users u ON u.id = c.user_id
        WHERE c.hwaddr = $1 AND lower(u.email) = lower($2) AND c.status = $3`,
      [hwaddr, email.trim(), ACCESS_GRANTING_CLAIM_STATUS],
    );
    if (has.length > 0) throw new DomainError('conflict', ALREADY_HAS_SITE);
    const own = await this.userClaims.find(claims.userId, hwaddr);
    return this.invitations.send(
      inviter,
      { companyId: null, hwaddr, targetName: own?.nickname || hwaddr },
      email,
      role,
      address,
    );
  }

  async withdrawInvitation(
    claims: ClaimsIdentity,
    hwaddr: string,
    invitationId: string,
    address: string,
  ): Promise<void> {
    await this.access.assertHasRight(claims, hwaddr, 'share');
    const actor = await this.named(claims.userId);
    await this.dataSource.transaction(async (manager) => {
      const withdrawn = await this.invitations.withdraw(manager, { hwaddr }, invitationId);
      if (!withdrawn) throw new DomainError('not-found', INVITATION_NOT_FOUND);
      await recordAccessActivity(manager, {
        kind: 'invitation-revoked',
        actorId: actor.id,
        actorName: actor.name,
        hwaddr,
        subject: withdrawn.email,
        detail: withdrawn.role,
        address,
      });
    });
  }

  /** Ends a share by invitation: the person loses the site at once (its live messages too). */
  async revoke(claims: ClaimsIdentity, hwaddr: string, userId: string, address: string): Promise<void> {
    await this.access.assertHasRight(claims, hwaddr, 'share');
    const actor = await this.named(claims.userId);
    const changes = await this.dataSource.transaction(async (manager) => {
      const removed = await manager.query<Array<{ role: string }>>(
        // As a SELECT: the driver answers a top-level DELETE's rows with its count beside them.
        `WITH removed AS (DELETE FROM site_shares WHERE hwaddr = $1 AND user_id = $2 RETURNING role)
         SELECT role FROM removed`,
        [hwaddr, userId],
      );
      if (removed.length === 0) throw new DomainError('not-found', PERSON_NOT_SHARED);
      const person = await this.named(userId);
      await recordAccessActivity(manager, {
        kind: 'share-revoked',
        actorId: actor.id,
        actorName: actor.name,
        hwaddr,
        subject: person.name,
        detail: removed[0]!.role,
        address,
      });
      return this.grants.refresh(manager, [userId]);
    });
    this.revocations.accessChanged(changes, [userId]);
  }

  async activityOf(claims: ClaimsIdentity, hwaddr: string): Promise<AccessActivity[]> {
    await this.access.assertHasRight(claims, hwaddr, 'share');
    return this.activity.ofSite(hwaddr);
  }

  private named(userId: string): Promise<NamedUser> {
    return namedUser(this.users, userId);
  }
}
