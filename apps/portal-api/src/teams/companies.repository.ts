import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { CompanyMember, CompanyRole, CompanySite, CompanySummary } from '@app/contracts';

interface SummaryRow {
  id: string;
  name: string;
  role: CompanyRole;
  require_two_factor: boolean;
  created_at: Date;
}

/** companies, company_members and company_sites, read and written in the callers' transactions. */
@Injectable()
export class CompaniesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async ofUser(userId: string): Promise<CompanySummary[]> {
    const rows = await this.dataSource.query<SummaryRow[]>(
      `SELECT co.id, co.name, m.role, co.require_two_factor, co.created_at
         FROM company_members m JOIN companies co ON co.id = m.company_id
        WHERE m.user_id = $1 ORDER BY lower(co.name), co.id`,
      [userId],
    );
    return rows.map(toSummary);
  }

  /** The company as its member `userId` sees it; null when they are not one (or it does not exist). */
  async summaryFor(
    manager: EntityManager,
    companyId: string,
    userId: string,
    lock = false,
  ): Promise<CompanySummary | null> {
    const rows = await manager.query<SummaryRow[]>(
      `SELECT co.id, co.name, m.role, co.require_two_factor, co.created_at
         FROM company_members m JOIN companies co ON co.id = m.company_id
        WHERE m.company_id = $1 AND m.user_id = $2 ${lock ? 'FOR UPDATE OF co' : ''}`,
      [companyId, userId],
    );
    return rows[0] ? toSummary(rows[0]) : null;
  }

  async members(companyId: string): Promise<CompanyMember[]> {
    const rows = await this.dataSource.query<
      Array<{ user_id: string; name: string; email: string; role: CompanyRole; two_factor: boolean; joined_at: Date }>
    >(
      `SELECT m.user_id, u.full_name AS name, u.email, m.role, m.joined_at,
              EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = m.user_id AND t.enabled_at IS NOT NULL) AS two_factor
         FROM company_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = $1 ORDER BY lower(u.full_name), u.id`,
      [companyId],
    );
    return rows.map((row) => ({
      userId: row.user_id,
      name: row.name,
      email: row.email,
      role: row.role,
      twoFactor: row.two_factor,
      joinedAt: row.joined_at.toISOString(),
    }));
  }

  async sites(companyId: string): Promise<CompanySite[]> {
    const rows = await this.dataSource.query<Array<{ hwaddr: string; name: string; added_by: string; added_at: Date }>>(
      `SELECT cs.hwaddr, COALESCE(k.nickname, '') AS name, COALESCE(u.full_name, '') AS added_by, cs.added_at
         FROM company_sites cs
         LEFT JOIN users u ON u.id = cs.added_by
         LEFT JOIN claims k ON k.user_id = cs.added_by AND k.hwaddr = cs.hwaddr
        WHERE cs.company_id = $1 ORDER BY cs.added_at, cs.hwaddr`,
      [companyId],
    );
    return rows.map((row) => ({
      hwaddr: row.hwaddr,
      name: row.name,
      addedBy: row.added_by,
      addedAt: row.added_at.toISOString(),
    }));
  }

  /** The role of a member, locked for the change being made; null when not a member. */
  async memberRole(manager: EntityManager, companyId: string, userId: string): Promise<CompanyRole | null> {
    const rows = await manager.query<Array<{ role: CompanyRole }>>(
      `SELECT role FROM company_members WHERE company_id = $1 AND user_id = $2 FOR UPDATE`,
      [companyId, userId],
    );
    return rows[0]?.role ?? null;
  }

  async adminCount(manager: EntityManager, companyId: string): Promise<number> {
    const [row] = await manager.query<Array<{ count: string }>>(
      `SELECT count(*) AS count FROM company_members WHERE company_id = $1 AND role = 'admin'`,
      [companyId],
    );
    return Number(row?.count ?? 0);
  }

  async isMemberEmail(manager: EntityManager, companyId: string, email: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM company_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = $1 AND lower(u.email) = lower($2)`,
      [companyId, email],
    );
    return rows.length > 0;
  }
}

function toSummary(row: SummaryRow): CompanySummary {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    requireTwoFactor: row.require_two_factor,
    createdAt: row.created_at.toISOString(),
  };
}
