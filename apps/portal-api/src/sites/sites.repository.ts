import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SITE_ROLE_RIGHTS, toPanelType, type SiteAccessVia, type SiteRole, type SiteSummary } from '@app/contracts';
import { claimGrantsAccess } from '@app/database';

/** A listed site as stored; its alarms come from the panels' live state (SiteAlarmsService). */
export type StoredSiteSummary = Omit<SiteSummary, 'alarms'>;

interface SiteRow {
  hwaddr: string;
  nickname: string;
  status: string;
  admin_key: string | null;
  via: SiteAccessVia;
  role: SiteRole;
  company_name: string | null;
  email_events: boolean;
  last_event_seen: Date;
  panel_type: string | null;
  unresolved: string;
  offline_since: Date | null;
  connection_lost_since: Date | null;
  test_started_by: string | null;
  test_started_at: Date | null;
  test_until: Date | null;
  test_reason: string | null;
}

interface UnreadRow {
  hwaddr: string;
  network_id: number;
  unread: string;
}

/**
 * The user's sites as the Site Manager lists them, with unread counts: events received since the
 * claim's lastEventSeen (only on AUTHED claims: the others cannot see events) plus unresolved
 * notifications, and since when the panel is offline once that was reported (docs/alerts.md). Two queries, each on an index, whatever the number of sites.
 */
@Injectable()
export class SitesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async sitesOf(userId: string, hwaddr?: string): Promise<StoredSiteSummary[]> {
    const filter = hwaddr === undefined ? '' : 'AND c.hwaddr = $2';
    const params = hwaddr === undefined ? [userId] : [userId, hwaddr];
    const [sites, unread] = await Promise.all([
      this.dataSource.query<SiteRow[]>(
        `SELECT c.hwaddr, c.nickname, c.status, c.admin_key, c.via, c.role, c.email_events, c.last_event_seen, p.panel_type,
                CASE WHEN c.via = 'company'
                     THEN (SELECT co.name FROM company_sites cs
                             JOIN company_members m ON m.company_id = cs.company_id AND m.user_id = c.user_id AND m.role = c.role
                             JOIN companies co ON co.id = cs.company_id
                            WHERE cs.hwaddr = c.hwaddr ORDER BY co.name LIMIT 1)
                     END AS company_name,
                CASE WHEN ${claimGrantsAccess('c')}
                     THEN (SELECT count(*) FROM notifications n WHERE n.hwaddr = c.hwaddr AND n.resolved_on IS NULL AND (n.user_id IS NULL OR n.user_id = c.user_id))
                     ELSE 0 END AS unresolved,
                CASE WHEN ${claimGrantsAccess('c')}
                     THEN (SELECT o.lost_at FROM panel_outages o WHERE o.hwaddr = c.hwaddr AND o.status = 'reported')
                     END AS offline_since,
                CASE WHEN ${claimGrantsAccess('c')}
                     THEN (SELECT max(o.lost_at) FROM panel_outages o WHERE o.hwaddr = c.hwaddr AND o.status = 'pending')
                     END AS connection_lost_since,
                t.started_by_name AS test_started_by, t.started_at AS test_started_at, t.until AS test_until,
                t.reason AS test_reason
           FROM claims c LEFT JOIN panels p ON p.hwaddr = c.hwaddr
                -- At most one: one active test mode per site (docs/test-mode.md).
                LEFT JOIN site_test_modes t ON t.hwaddr = c.hwaddr AND t.ended_at IS NULL AND ${claimGrantsAccess('c')}
          WHERE c.user_id = $1 ${filter}
          ORDER BY c.created_at, c.hwaddr`,
        params,
      ),
      this.dataSource.query<UnreadRow[]>(
        `SELECT c.hwaddr, e.network_id, count(*) AS unread
           FROM claims c JOIN events e ON e.hwaddr = c.hwaddr AND e.received_at > c.last_event_seen
          WHERE c.user_id = $1 AND ${claimGrantsAccess('c')} ${filter}
          GROUP BY c.hwaddr, e.network_id`,
        params,
      ),
    ]);
    return sites.map((site) => {
      const perPanelCount: Record<string, number> = {};
      for (const row of unread)
        if (row.hwaddr === site.hwaddr) perPanelCount[String(row.network_id)] = Number(row.unread);
      const unreadEvents = Object.values(perPanelCount).reduce((sum, count) => sum + count, 0);
      return {
        hwaddr: site.hwaddr,
        name: site.nickname,
        status: site.status,
        adminKey: site.admin_key ?? '',
        panelType: toPanelType(site.panel_type ?? 'UNKNOWN'),
        emailEvents: site.email_events,
        lastEventSeen: site.last_event_seen.toISOString(),
        unreadCount: unreadEvents + Number(site.unresolved),
        perPanelCount,
        offlineSince: site.offline_since ? site.offline_since.toISOString() : null,
        connectionLostSince:
          site.connection_lost_since && !site.offline_since ? site.connection_lost_since.toISOString() : null,
        testMode:
          site.test_started_at && site.test_until
            ? {
                startedBy: site.test_started_by ?? '',
                startedAt: site.test_started_at.toISOString(),
                until: site.test_until.toISOString(),
                reason: site.test_reason ?? '',
              }
            : null,
        access: {
          via: site.via,
          role: site.role,
          rights: [...SITE_ROLE_RIGHTS[site.role]],
          companyName: site.company_name,
        },
      };
    });
  }
}
