import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AccessActivity, AccessActivityKind } from '@app/contracts';

/** One change to who reaches a company's sites or a site, as the code that makes it records it. */
export interface AccessActivityEntry {
  kind: AccessActivityKind;
  actorId: string;
  actorName: string;
  companyId?: string | null;
  hwaddr?: string | null;
  subject?: string;
  detail?: string;
  address: string;
}

/** How much of a company's or a site's access activity is shown. */
export const ACCESS_ACTIVITY_SHOWN = 100;

/** Written in the transaction that makes the change: the record and the change stand or fall together. */
export async function recordAccessActivity(manager: EntityManager, entry: AccessActivityEntry): Promise<void> {
  await manager.query(
    `INSERT INTO access_activity (kind, actor_id, actor_name, company_id, hwaddr, subject, detail, address)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.kind,
      entry.actorId,
      entry.actorName,
      entry.companyId ?? null,
      entry.hwaddr ?? null,
      entry.subject ?? '',
      entry.detail ?? '',
      entry.address,
    ],
  );
}

interface ActivityRow {
  at: Date;
  kind: AccessActivityKind;
  actor: string;
  subject: string;
  detail: string;
  address: string;
}

/** access_activity read newest first, for a company's admins and for a site's key holders. */
@Injectable()
export class AccessActivityRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The company's own record, and what its members did to how they sign in (two-factor sign-in on or
   * off, sessions ended) while they were members: an admin sees a technician turn the second factor off.
   */
  async ofCompany(companyId: string): Promise<AccessActivity[]> {
    const rows = await this.dataSource.query<ActivityRow[]>(
      `(SELECT at, kind, actor_name AS actor, subject, detail, address, id AS n, 0 AS source FROM access_activity
         WHERE company_id = $1 ORDER BY at DESC, id DESC LIMIT $2)
       UNION ALL
       (SELECT a.at, a.kind, u.full_name AS actor, '' AS subject, a.detail, a.address, a.id AS n, 1 AS source
          FROM account_activity a JOIN company_members m ON m.user_id = a.user_id AND m.company_id = $1
          JOIN users u ON u.id = a.user_id
         WHERE a.kind IN ('two-factor-on', 'two-factor-off', 'session-ended', 'other-sessions-ended')
           AND a.at >= m.joined_at
         ORDER BY a.at DESC, a.id DESC LIMIT $2)
       ORDER BY at DESC, source, n DESC LIMIT $2`,
      [companyId, ACCESS_ACTIVITY_SHOWN],
    );
    return rows.map(toActivity);
  }

  async ofSite(hwaddr: string): Promise<AccessActivity[]> {
    const rows = await this.dataSource.query<ActivityRow[]>(
      `SELECT at, kind, actor_name AS actor, subject, detail, address FROM access_activity
        WHERE hwaddr = $1 ORDER BY at DESC, id DESC LIMIT $2`,
      [hwaddr, ACCESS_ACTIVITY_SHOWN],
    );
    return rows.map(toActivity);
  }
}

function toActivity(row: ActivityRow): AccessActivity {
  return {
    at: row.at.toISOString(),
    kind: row.kind,
    actor: row.actor,
    subject: row.subject,
    detail: row.detail,
    address: row.address,
  };
}
