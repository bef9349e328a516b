import { CredentialRevocations } from '../auth/credential-revocations.service';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  type AccessActivity,
  type CompanyDetail,
  type CompanyMember,
  type CompanyRole,
  type CompanySite,
  type CompanySummary,
  type PendingInvitation,
  type UpdateCompanyRequest,
} from '@app/contracts';
import { ACCESS_GRANTING_CLAIM_STATUS } from '@app/database';
import { DomainError } from '@app/platform';
import { UsersRepository } from '../auth/users.repository';
import { ClaimsRepository } from '../claims/claims.repository';
import { namedUser, type NamedUser } from './named-user.util';
import { SiteGrantsRepository } from '../site-grants/site-grants.repository';
import { AccessActivityRepository, recordAccessActivity } from './access-activity.repository';
import { CompaniesRepository } from './companies.repository';
import { INVITATION_NOT_FOUND, InvitationsService } from './invitations.service';
import {
  ALREADY_MEMBER,
  COMPANY_NOT_FOUND,
  COMPANY_SITE_NOT_FOUND,
  LAST_ADMIN,
  MEMBER_NOT_FOUND,
  ONLY_COMPANY_ADMINS,
  ONLY_CONTROLLING_MEMBERS,
  SITE_ALREADY_IN_COMPANY,
  SITE_NOT_HELD,
} from './teams.constants';

/** Who is acting, and from where (for the company's activity). */
export interface Actor {
  userId: string;
  address: string;
}

/**
 * Installer companies (docs/access.md, "Teams"): members with a role (admin, technician, viewer)
 * reach the company's sites by it. Every change is made in one transaction with its record in the
 * company's activity and the granted claims brought in step; the live feed hears of it once committed.
 */
@Injectable()
export class CompaniesService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly companies: CompaniesRepository,
    private readonly users: UsersRepository,
    private readonly userClaims: ClaimsRepository,
    private readonly invitations: InvitationsService,
    private readonly grants: SiteGrantsRepository,
    private readonly revocations: CredentialRevocations,
    private readonly activity: AccessActivityRepository,
  ) {}

  list(userId: string): Promise<CompanySummary[]> {
    return this.companies.ofUser(userId);
  }

  async create(actor: Actor, name: string): Promise<CompanyDetail> {
    const user = await this.named(actor.userId);
    const companyId = await this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO companies (name) VALUES ($1) RETURNING id`,
        [name.trim()],
      );
      await manager.query(`INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $2, 'admin')`, [
        row!.id,
        user.id,
      ]);
      await this.record(manager, actor, user, row!.id, { kind: 'company-created', subject: name.trim() });
      return row!.id;
    });
    return this.detail(actor.userId, companyId);
  }

  async detail(userId: string, companyId: string): Promise<CompanyDetail> {
    const summary = await this.companies.summaryFor(this.dataSource.manager, companyId, userId);
    if (!summary) throw new DomainError('not-found', COMPANY_NOT_FOUND);
    const [members, sites, invitations] = await Promise.all([
      this.companies.members(companyId),
      this.companies.sites(companyId),
      summary.role === 'admin' ? this.invitations.pending({ companyId }) : Promise.resolve([]),
    ]);
    return { ...summary, members, sites, invitations };
  }

  async update(actor: Actor, companyId: string, request: UpdateCompanyRequest): Promise<CompanyDetail> {
    const user = await this.named(actor.userId);
    const changes = await this.asAdmin(actor, companyId, async (manager, company) => {
      if (request.name !== undefined && request.name.trim() !== company.name)
        await manager.query(`UPDATE companies SET name = $2 WHERE id = $1`, [companyId, request.name.trim()]);
      if (request.requireTwoFactor === undefined || request.requireTwoFactor === company.requireTwoFactor) return [];
      await manager.query(`UPDATE companies SET require_two_factor = $2 WHERE id = $1`, [
        companyId,
        request.requireTwoFactor,
      ]);
      await this.record(manager, actor, user, companyId, {
        kind: request.requireTwoFactor ? 'two-factor-required' : 'two-factor-not-required',
      });
      return this.grants.refresh(manager, await this.grants.membersOf(manager, companyId));
    });
    this.revocations.accessChanged(changes);
    return this.detail(actor.userId, companyId);
  }

  async invite(actor: Actor, companyId: string, email: string, role: CompanyRole): Promise<PendingInvitation> {
    const user = await this.named(actor.userId);
    const company = await this.asAdmin(actor, companyId, async (manager, found) => {
      if (await this.companies.isMemberEmail(manager, companyId, email))
        throw new DomainError('conflict', ALREADY_MEMBER);
      return found;
    });
    return this.invitations.send(
      user,
      { companyId, hwaddr: null, targetName: company.name },
      email,
      role,
      actor.address,
    );
  }

  async withdrawInvitation(actor: Actor, companyId: string, invitationId: string): Promise<void> {
    const user = await this.named(actor.userId);
    await this.asAdmin(actor, companyId, async (manager) => {
      const withdrawn = await this.invitations.withdraw(manager, { companyId }, invitationId);
      if (!withdrawn) throw new DomainError('not-found', INVITATION_NOT_FOUND);
      await this.record(manager, actor, user, companyId, {
        kind: 'invitation-revoked',
        subject: withdrawn.email,
        detail: withdrawn.role,
      });
    });
  }

  async changeRole(actor: Actor, companyId: string, memberId: string, role: CompanyRole): Promise<CompanyMember> {
    const user = await this.named(actor.userId);
    const changes = await this.asAdmin(actor, companyId, async (manager) => {
      const current = await this.companies.memberRole(manager, companyId, memberId);
      if (!current) throw new DomainError('not-found', MEMBER_NOT_FOUND);
      if (current === role) return [];
      if (current === 'admin' && (await this.companies.adminCount(manager, companyId)) <= 1)
        throw new DomainError('conflict', LAST_ADMIN);
      await manager.query(`UPDATE company_members SET role = $3 WHERE company_id = $1 AND user_id = $2`, [
        companyId,
        memberId,
        role,
      ]);
      const member = await this.named(memberId);
      await this.record(manager, actor, user, companyId, { kind: 'role-changed', subject: member.name, detail: role });
      return this.grants.refresh(manager, [memberId]);
    });
    this.revocations.accessChanged(changes, [memberId]);
    const member = (await this.companies.members(companyId)).find((candidate) => candidate.userId === memberId);
    if (!member) throw new DomainError('not-found', MEMBER_NOT_FOUND);
    return member;
  }

  /** An admin removes a member, or a member leaves. Their company sites close at once. */
  async removeMember(actor: Actor, companyId: string, memberId: string): Promise<void> {
    const user = await this.named(actor.userId);
    const leaving = memberId === actor.userId;
    const changes = await this.dataSource.transaction(async (manager) => {
      const company = await this.companies.summaryFor(manager, companyId, actor.userId, true);
      if (!company) throw new DomainError('not-found', COMPANY_NOT_FOUND);
      if (!leaving && company.role !== 'admin') throw new DomainError('forbidden', ONLY_COMPANY_ADMINS);
      const current = await this.companies.memberRole(manager, companyId, memberId);
      if (!current) throw new DomainError('not-found', MEMBER_NOT_FOUND);
      if (current === 'admin' && (await this.companies.adminCount(manager, companyId)) <= 1)
        throw new DomainError('conflict', LAST_ADMIN);
      await manager.query(`DELETE FROM company_members WHERE company_id = $1 AND user_id = $2`, [companyId, memberId]);
      const member = leaving ? user : await this.named(memberId);
      await this.record(manager, actor, user, companyId, {
        kind: leaving ? 'member-left' : 'member-removed',
        subject: member.name,
      });
      return this.grants.refresh(manager, [memberId]);
    });
    this.revocations.accessChanged(changes, [memberId]);
  }

  /** A member who may control sites (admin, technician) adds one whose panel key they hold. */
  async addSite(actor: Actor, companyId: string, hwaddr: string): Promise<CompanySite> {
    const user = await this.named(actor.userId);
    const changes = await this.dataSource.transaction(async (manager) => {
      const company = await this.companies.summaryFor(manager, companyId, actor.userId, true);
      if (!company) throw new DomainError('not-found', COMPANY_NOT_FOUND);
      if (company.role === 'viewer') throw new DomainError('forbidden', ONLY_CONTROLLING_MEMBERS);
      const held = await manager.query<unknown[]>(
        `SELECT 1 FROM claims WHERE user_id = $1 AND hwaddr = $2 AND via = 'key' AND status = $3`,
        [actor.userId, hwaddr, ACCESS_GRANTING_CLAIM_STATUS],
      );
      if (held.length === 0) throw new DomainError('forbidden', SITE_NOT_HELD);
      const added = await manager.query<unknown[]>(
        `INSERT INTO company_sites (company_id, hwaddr, added_by) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING hwaddr`,
        [companyId, hwaddr, actor.userId],
      );
      if (added.length === 0) throw new DomainError('conflict', SITE_ALREADY_IN_COMPANY);
      const subject = await this.siteName(actor.userId, hwaddr);
      await this.record(manager, actor, user, companyId, { kind: 'site-added', hwaddr, subject, detail: hwaddr });
      return this.grants.refresh(manager, await this.grants.membersOf(manager, companyId));
    });
    this.revocations.accessChanged(changes);
    const site = (await this.companies.sites(companyId)).find((candidate) => candidate.hwaddr === hwaddr);
    if (!site) throw new DomainError('not-found', COMPANY_SITE_NOT_FOUND);
    return site;
  }

  async removeSite(actor: Actor, companyId: string, hwaddr: string): Promise<void> {
    const user = await this.named(actor.userId);
    const changes = await this.asAdmin(actor, companyId, async (manager) => {
      const removed = await manager.query<unknown[]>(
        // As a SELECT: the driver answers a top-level DELETE's rows with its count beside them.
        `WITH removed AS (DELETE FROM company_sites WHERE company_id = $1 AND hwaddr = $2 RETURNING hwaddr)
         SELECT hwaddr FROM removed`,
        [companyId, hwaddr],
      );
      if (removed.length === 0) throw new DomainError('not-found', COMPANY_SITE_NOT_FOUND);
      const subject = await this.siteName(actor.userId, hwaddr);
      await this.record(manager, actor, user, companyId, { kind: 'site-removed', hwaddr, subject, detail: hwaddr });
      return this.grants.refresh(manager, await this.grants.membersOf(manager, companyId));
    });
    this.revocations.accessChanged(changes);
  }

  async activityOf(actor: Actor, companyId: string): Promise<AccessActivity[]> {
    const company = await this.companies.summaryFor(this.dataSource.manager, companyId, actor.userId);
    if (!company) throw new DomainError('not-found', COMPANY_NOT_FOUND);
    if (company.role !== 'admin') throw new DomainError('forbidden', ONLY_COMPANY_ADMINS);
    return this.activity.ofCompany(companyId);
  }

  /** `work` in a transaction, once the actor is found an admin of the company (the company row locked). */
  private asAdmin<T>(
    actor: Actor,
    companyId: string,
    work: (manager: EntityManager, company: CompanySummary) => Promise<T>,
  ): Promise<T> {
    return this.dataSource.transaction(async (manager) => {
      const company = await this.companies.summaryFor(manager, companyId, actor.userId, true);
      if (!company) throw new DomainError('not-found', COMPANY_NOT_FOUND);
      if (company.role !== 'admin') throw new DomainError('forbidden', ONLY_COMPANY_ADMINS);
      return work(manager, company);
    });
  }

  private record(
    manager: EntityManager,
    actor: Actor,
    user: NamedUser,
    companyId: string,
    entry: {
      kind: Parameters<typeof recordAccessActivity>[1]['kind'];
      subject?: string;
      detail?: string;
      hwaddr?: string;
    },
  ): Promise<void> {
    return recordAccessActivity(manager, {
      ...entry,
      actorId: user.id,
      actorName: user.name,
      companyId,
      address: actor.address,
    });
  }

  private named(userId: string): Promise<NamedUser> {
    return namedUser(this.users, userId);
  }

  /** The site's name as the acting user calls it ('' when they gave it none), for the activity's "whom". */
  private async siteName(userId: string, hwaddr: string): Promise<string> {
    return (await this.userClaims.find(userId, hwaddr))?.nickname ?? '';
  }
}
