import { CredentialRevocations } from '../auth/credential-revocations.service';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  invitationPath,
  SITE_ROLE_LABELS,
  type AcceptInvitationResponse,
  type InvitationPreview,
  type InvitationRole,
  type PendingInvitation,
} from '@app/contracts';
import { enqueueMail, invitationMailJob, QueueService } from '@app/messaging';
import { Clock, DomainError } from '@app/platform';
import { AuthConfig } from '../auth/auth.config';
import { SiteGrantsRepository } from '../site-grants/site-grants.repository';
import { recordAccessActivity } from './access-activity.repository';
import { invitationIdOf, invitationToken } from './invitation-token.util';

/** How long an invitation link works. */
export const INVITATION_TTL_DAYS = 7;
/** Invitations one person may send in an hour: each is an e-mail to an address of their choosing. */
export const INVITATIONS_PER_HOUR = 50;
export const TOO_MANY_INVITATIONS = 'Too many invitations sent in the last hour: try again later';

export const INVITATION_INVALID = 'This invitation link is not valid';
export const INVITATION_EXPIRED = 'This invitation has expired';
export const INVITATION_USED = 'This invitation has already been used';
export const INVITATION_WITHDRAWN = 'This invitation was withdrawn';
export const INVITATIONS_UNAVAILABLE = 'Invitations cannot be sent just now: try again in a minute';
export const INVITATION_NOT_FOUND = 'Invitation not found';

export function invitationForAnotherAddress(email: string): string {
  return `This invitation was sent to ${email}: sign in with that address to accept it`;
}

/** What an invitation is to, and by whom. */
export interface InvitationTarget {
  companyId: string | null;
  hwaddr: string | null;
  /** The company's name, or the site's as the inviter calls it. */
  targetName: string;
}

interface InvitationRow {
  id: string;
  company_id: string | null;
  hwaddr: string | null;
  email: string;
  role: InvitationRole;
  invited_by_name: string | null;
  target_name: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const INVITATION_SELECT = `
  SELECT i.id, i.company_id, i.hwaddr, i.email, i.role, i.created_at, i.expires_at, i.accepted_at, i.revoked_at,
         u.full_name AS invited_by_name,
         COALESCE(co.name, NULLIF(k.nickname, ''), i.hwaddr) AS target_name
    FROM invitations i
    LEFT JOIN users u ON u.id = i.invited_by
    LEFT JOIN companies co ON co.id = i.company_id
    LEFT JOIN claims k ON k.user_id = i.invited_by AND k.hwaddr = i.hwaddr`;

/**
 * Invitations to a company or to one site (docs/access.md, "Teams"): sent by e-mail as a signed,
 * single-use link that expires; accepted by the account of the address it was sent to, signed in or
 * registered for it.
 */
@Injectable()
export class InvitationsService {
  private readonly logger = new Logger(InvitationsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly queues: QueueService,
    private readonly auth: AuthConfig,
    private readonly clock: Clock,
    private readonly grants: SiteGrantsRepository,
    private readonly revocations: CredentialRevocations,
  ) {}

  /**
   * Records the invitation (with its activity) and queues its mail. A mail that cannot be queued
   * withdraws it again: no invitation stands that nobody was told of.
   */
  async send(
    inviter: { id: string; name: string },
    target: InvitationTarget,
    email: string,
    role: InvitationRole,
    address: string,
  ): Promise<PendingInvitation> {
    const expiresAt = new Date(this.clock.now().getTime() + INVITATION_TTL_DAYS * 86_400_000);
    const normalised = email.trim().toLowerCase();
    const id = await this.dataSource.transaction(async (manager) => {
      // The inviter's row locked: two requests at once cannot both pass the count.
      await manager.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [inviter.id]);
      const [sent] = await manager.query<Array<{ count: string }>>(
        `SELECT count(*) AS count FROM invitations WHERE invited_by = $1 AND created_at > now() - interval '1 hour'`,
        [inviter.id],
      );
      if (Number(sent?.count ?? 0) >= INVITATIONS_PER_HOUR) throw new DomainError('too-many', TOO_MANY_INVITATIONS);
      // One open invitation per address and target: sending again replaces the one that waited.
      await manager.query(
        `UPDATE invitations SET revoked_at = now()
          WHERE lower(email) = $1 AND accepted_at IS NULL AND revoked_at IS NULL
            AND company_id IS NOT DISTINCT FROM $2 AND hwaddr IS NOT DISTINCT FROM $3`,
        [normalised, target.companyId, target.hwaddr],
      );
      const [row] = await manager.query<Array<{ id: string }>>(
        `INSERT INTO invitations (company_id, hwaddr, email, role, invited_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [target.companyId, target.hwaddr, normalised, role, inviter.id, expiresAt],
      );
      await recordAccessActivity(manager, {
        kind: 'invitation-sent',
        actorId: inviter.id,
        actorName: inviter.name,
        companyId: target.companyId,
        hwaddr: target.hwaddr,
        subject: normalised,
        detail: role,
        address,
      });
      return row!.id;
    });
    try {
      await enqueueMail(this.queues, [
        invitationMailJob(
          {
            kind: 'invitation',
            email: normalised,
            invitedBy: inviter.name,
            target: target.companyId ? 'company' : 'site',
            targetName: target.targetName,
            roleLabel: SITE_ROLE_LABELS[role],
            invitationPath: invitationPath(invitationToken(this.auth.tokenSecret, id)),
            expiresAt: expiresAt.toISOString(),
          },
          id,
        ),
      ]);
    } catch (error) {
      this.logger.error({ invitationId: id, err: error }, 'invitation mail not queued: invitation withdrawn');
      await this.dataSource.query(`UPDATE invitations SET revoked_at = now() WHERE id = $1`, [id]);
      throw new DomainError('unavailable', INVITATIONS_UNAVAILABLE);
    }
    return {
      id,
      email: normalised,
      role,
      invitedBy: inviter.name,
      createdAt: this.clock.now().toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The open invitations of a company or a site, newest first. */
  async pending(target: InvitationTargetKey): Promise<PendingInvitation[]> {
    const [column, value] = targetColumn(target);
    const rows = await this.dataSource.query<InvitationRow[]>(
      `${INVITATION_SELECT}
        WHERE i.${column} = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
        ORDER BY i.created_at DESC, i.id`,
      [value, this.clock.now()],
    );
    return rows.map((row) => ({
      id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: row.invited_by_name ?? '',
      createdAt: row.created_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    }));
  }

  /** Withdraws an open invitation of the company or site; false when there is none of this id. */
  async withdraw(
    manager: EntityManager,
    target: InvitationTargetKey,
    invitationId: string,
  ): Promise<{ email: string; role: InvitationRole } | null> {
    const [column, value] = targetColumn(target);
    const rows = await manager.query<Array<{ email: string; role: InvitationRole }>>(
      // As a SELECT: the driver answers a top-level UPDATE's rows with its count beside them.
      `WITH withdrawn AS (
         UPDATE invitations SET revoked_at = now()
          WHERE id = $1 AND ${column} = $2 AND accepted_at IS NULL AND revoked_at IS NULL
          RETURNING email, role)
       SELECT email, role FROM withdrawn`,
      [invitationId, value],
    );
    return rows[0] ?? null;
  }

  async preview(token: string): Promise<InvitationPreview> {
    const row = this.usable(await this.find(this.dataSource.manager, token));
    return {
      kind: row.company_id ? 'company' : 'site',
      email: row.email,
      role: row.role,
      invitedBy: row.invited_by_name ?? '',
      target: row.target_name ?? '',
      expiresAt: row.expires_at.toISOString(),
    };
  }

  /** The signed-in user takes the invitation: a member of the company, or the site shared with them. */
  async accept(
    user: { id: string; name: string; email: string },
    token: string,
    address: string,
  ): Promise<AcceptInvitationResponse> {
    const { response, changes } = await this.dataSource.transaction(async (manager) => {
      const row = this.usable(await this.find(manager, token, true));
      if (row.email !== user.email.toLowerCase())
        throw new DomainError('forbidden', invitationForAnotherAddress(row.email));
      await manager.query(`UPDATE invitations SET accepted_at = now(), accepted_by = $2 WHERE id = $1`, [
        row.id,
        user.id,
      ]);
      if (row.company_id) {
        // Already a member: the invitation's role is the admin's latest word on it.
        await manager.query(
          `INSERT INTO company_members (company_id, user_id, role) VALUES ($1, $2, $3)
           ON CONFLICT (company_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
          [row.company_id, user.id, row.role],
        );
      } else {
        await manager.query(
          `INSERT INTO site_shares (hwaddr, user_id, role, shared_by)
           SELECT $1, $2, $3, invited_by FROM invitations WHERE id = $4
           ON CONFLICT (hwaddr, user_id) DO UPDATE SET role = EXCLUDED.role`,
          [row.hwaddr, user.id, row.role, row.id],
        );
      }
      await recordAccessActivity(manager, {
        kind: 'invitation-accepted',
        actorId: user.id,
        actorName: user.name,
        companyId: row.company_id,
        hwaddr: row.hwaddr,
        subject: row.email,
        detail: row.role,
        address,
      });
      return {
        response: { kind: row.company_id ? 'company' : 'site', companyId: row.company_id, hwaddr: row.hwaddr } as const,
        changes: await this.grants.refresh(manager, [user.id]),
      };
    });
    this.revocations.accessChanged(changes, [user.id]);
    return response;
  }

  private async find(manager: EntityManager, token: string, lock = false): Promise<InvitationRow | null> {
    const invitationId = invitationIdOf(this.auth.tokenSecret, token);
    if (!invitationId) return null;
    if (lock) await manager.query(`SELECT 1 FROM invitations WHERE id = $1 FOR UPDATE`, [invitationId]);
    const [row] = await manager.query<InvitationRow[]>(`${INVITATION_SELECT} WHERE i.id = $1`, [invitationId]);
    return row ?? null;
  }

  private usable(row: InvitationRow | null): InvitationRow {
    if (!row) throw new DomainError('invalid', INVITATION_INVALID);
    if (row.accepted_at) throw new DomainError('invalid', INVITATION_USED);
    if (row.revoked_at) throw new DomainError('invalid', INVITATION_WITHDRAWN);
    if (row.expires_at.getTime() <= this.clock.now().getTime()) throw new DomainError('invalid', INVITATION_EXPIRED);
    return row;
  }
}

/** What an invitation is to, as a column of `invitations` and its value (a company's id or a site's address). */
type InvitationTargetKey = { companyId: string } | { hwaddr: string };

function targetColumn(target: InvitationTargetKey): ['company_id' | 'hwaddr', string] {
  return 'companyId' in target ? ['company_id', target.companyId] : ['hwaddr', target.hwaddr];
}
