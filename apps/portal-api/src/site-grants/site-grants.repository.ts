import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ACCESS_GRANTING_CLAIM_STATUS } from '@app/database';

/** What a refresh changed in one user's access to one site. */
export interface GrantChange {
  userId: string;
  hwaddr: string;
  change: 'gained' | 'lost' | 'role';
}

/**
 * Keeps the claims granted through companies and invitations in step with what grants them
 * (docs/access.md, "Teams"): a member of a company reaches its sites by their role (not while the
 * company requires two-factor sign-in and theirs is off), a person a site was shared with reaches it
 * by the role shared. The best role wins; a claim by the panel's key is never touched (it already
 * gives every right). Every app reads access from the claims alone, so the rest of the portal (live
 * feed, mails, pushes, relays, escalations) follows without knowing of companies.
 */
@Injectable()
export class SiteGrantsRepository {
  /** Brings the granted claims of `userIds` in step, in the caller's transaction; answers what changed. */
  async refresh(manager: EntityManager, userIds: readonly string[]): Promise<GrantChange[]> {
    if (userIds.length === 0) return [];
    return manager.query<GrantChange[]>(
      `WITH granted AS (
         SELECT m.user_id, cs.hwaddr, m.role, 'company'::text AS via,
                CASE m.role WHEN 'admin' THEN 1 WHEN 'technician' THEN 2 ELSE 3 END AS rank
           FROM company_members m
           JOIN companies co ON co.id = m.company_id
           JOIN company_sites cs ON cs.company_id = m.company_id
          WHERE m.user_id = ANY($1::uuid[])
            AND (NOT co.require_two_factor
                 OR EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = m.user_id AND t.enabled_at IS NOT NULL))
         UNION ALL
         SELECT s.user_id, s.hwaddr, s.role, 'invitation'::text, CASE s.role WHEN 'technician' THEN 2 ELSE 3 END
           FROM site_shares s
          WHERE s.user_id = ANY($1::uuid[])
       ),
       wanted AS (
         SELECT DISTINCT ON (user_id, hwaddr) user_id, hwaddr, role, via FROM granted ORDER BY user_id, hwaddr, rank, via
       ),
       removed AS (
         DELETE FROM claims c
          WHERE c.user_id = ANY($1::uuid[]) AND c.via <> 'key'
            AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.user_id = c.user_id AND w.hwaddr = c.hwaddr)
         RETURNING c.user_id, c.hwaddr, 'lost'::text AS change
       ),
       written AS (
         INSERT INTO claims (user_id, hwaddr, admin_key, status, via, role, nickname)
         SELECT w.user_id, w.hwaddr, NULL, $2, w.via, w.role,
                -- The name the site's key holder gave it, until the member names it themselves.
                COALESCE((SELECT k.nickname FROM claims k
                           WHERE k.hwaddr = w.hwaddr AND k.via = 'key' AND k.nickname <> ''
                           ORDER BY k.created_at LIMIT 1), '')
           FROM wanted w
         ON CONFLICT (user_id, hwaddr) DO UPDATE SET role = EXCLUDED.role, via = EXCLUDED.via, updated_at = now()
          WHERE claims.via <> 'key' AND (claims.role <> EXCLUDED.role OR claims.via <> EXCLUDED.via)
         RETURNING user_id, hwaddr, CASE WHEN xmax = 0 THEN 'gained' ELSE 'role' END AS change
       )
       SELECT user_id AS "userId", hwaddr, change FROM removed
       UNION ALL
       SELECT user_id AS "userId", hwaddr, change FROM written`,
      [userIds, ACCESS_GRANTING_CLAIM_STATUS],
    );
  }

  /** The names of the user's companies that require two-factor sign-in. */
  async companiesRequiringTwoFactor(manager: EntityManager, userId: string): Promise<string[]> {
    const rows = await manager.query<Array<{ name: string }>>(
      `SELECT co.name FROM company_members m JOIN companies co ON co.id = m.company_id
        WHERE m.user_id = $1 AND co.require_two_factor ORDER BY co.name`,
      [userId],
    );
    return rows.map((row) => row.name);
  }

  /** The members of the company (to refresh after a change to it). */
  async membersOf(manager: EntityManager, companyId: string): Promise<string[]> {
    const rows = await manager.query<Array<{ user_id: string }>>(
      `SELECT user_id FROM company_members WHERE company_id = $1`,
      [companyId],
    );
    return rows.map((row) => row.user_id);
  }

  /**
   * The site has no holder of its key left: what its holders shared ends with them (the people it
   * was shared with, the invitations not yet accepted). Answers the users who had it shared.
   */
  async endSharesWithoutHolder(manager: EntityManager, hwaddr: string): Promise<string[]> {
    const rows = await manager.query<Array<{ user_id: string }>>(
      `WITH holderless AS (
         SELECT 1 WHERE NOT EXISTS (
           SELECT 1 FROM claims k WHERE k.hwaddr = $1 AND k.via = 'key' AND k.status = $2)
       ),
       withdrawn AS (
         UPDATE invitations SET revoked_at = now()
          WHERE hwaddr = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND EXISTS (SELECT 1 FROM holderless)
       ),
       ended AS (DELETE FROM site_shares WHERE hwaddr = $1 AND EXISTS (SELECT 1 FROM holderless) RETURNING user_id)
       SELECT user_id FROM ended`,
      [hwaddr, ACCESS_GRANTING_CLAIM_STATUS],
    );
    return rows.map((row) => row.user_id);
  }
}
