import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { claimGrantsAccess } from '@app/database';
import type { CountsMark } from './livefeed-counts.util';

/** One user's counts for one site, and the mark they go by (lastEventSeen is the claim's, never null here). */
export interface UserSiteCounts extends CountsMark {
  userId: string;
  hwaddr: string;
  lastEventSeen: Date;
}

interface CountsRow {
  user_id: string;
  hwaddr: string;
  last_event_seen: Date;
  unresolved: string;
  per_panel: Record<string, string | number>;
  highest_event_id: string | number;
}

/**
 * The counts GET /v2/sites shows (SitesRepository), for many (user, site) pairs in one query: unread
 * events per network since the claim's lastEventSeen plus unresolved notifications, on AUTHED claims
 * only. A pair without an AUTHED claim has no row (its counts are 0, as the site list shows them).
 * The highest id among the counted events comes from the same scan, in the same snapshot, so that
 * LivefeedCountsCache can tell which later events these counts already hold.
 */
@Injectable()
export class LivefeedCountsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * `upToEventId`: count the site's events up to that id only (the last one a gathering of live
   * messages holds; its later events are counted when their own messages come); null: every event.
   */
  async countsOf(
    pairs: ReadonlyArray<{ userId: string; hwaddr: string; upToEventId?: number | null }>,
  ): Promise<UserSiteCounts[]> {
    if (pairs.length === 0) return [];
    const rows = await this.dataSource.query<CountsRow[]>(
      `SELECT c.user_id, c.hwaddr, c.last_event_seen, n.unresolved, u.per_panel, u.highest_event_id
         FROM unnest($1::uuid[], $2::char(12)[], $3::bigint[]) AS w(user_id, hwaddr, up_to)
         JOIN claims c ON c.user_id = w.user_id AND c.hwaddr = w.hwaddr AND ${claimGrantsAccess('c')}
         CROSS JOIN LATERAL (
           SELECT count(*) AS unresolved FROM notifications n
            WHERE n.hwaddr = c.hwaddr AND n.resolved_on IS NULL AND (n.user_id IS NULL OR n.user_id = c.user_id)
         ) n
         CROSS JOIN LATERAL (
           SELECT coalesce(jsonb_object_agg(x.network_id, x.unread), '{}'::jsonb) AS per_panel,
                  coalesce(max(x.highest), 0) AS highest_event_id
             FROM (SELECT e.network_id, count(*) AS unread, max(e.id) AS highest FROM events e
                    WHERE e.hwaddr = c.hwaddr AND e.received_at > c.last_event_seen
                      AND (w.up_to IS NULL OR e.id <= w.up_to)
                    GROUP BY e.network_id) x
         ) u`,
      [
        pairs.map((pair) => pair.userId),
        pairs.map((pair) => pair.hwaddr),
        pairs.map((pair) => pair.upToEventId ?? null),
      ],
    );
    return rows.map((row) => {
      const perPanelCount: Record<string, number> = {};
      for (const [networkId, unread] of Object.entries(row.per_panel)) perPanelCount[networkId] = Number(unread);
      return {
        userId: row.user_id,
        hwaddr: row.hwaddr,
        lastEventSeen: row.last_event_seen,
        unresolved: Number(row.unresolved),
        perPanelCount,
        highestEventId: Number(row.highest_event_id),
      };
    });
  }
}
