import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A stored event the audit looks at: which site, which id. */
export interface AuditedEvent {
  hwaddr: string;
  id: number;
}

/**
 * What LivefeedAudit reads: the events stored after an id, on the sites this copy's sockets see.
 * A range scan of the primary key from the last audit's ids, so its cost follows the events of the
 * last few heartbeat periods, never the size of the table or the number of sockets.
 */
@Injectable()
export class LivefeedAuditRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async highestEventId(): Promise<number> {
    const rows = await this.dataSource.query<Array<{ id: string | null }>>(`SELECT max(id) AS id FROM events`);
    return Number(rows[0]?.id ?? 0);
  }

  async storedAfter(afterId: number, hwaddrs: readonly string[]): Promise<AuditedEvent[]> {
    if (hwaddrs.length === 0) return [];
    const rows = await this.dataSource.query<Array<{ hwaddr: string; id: string }>>(
      `SELECT hwaddr, id FROM events WHERE id > $1 AND hwaddr = ANY($2::char(12)[]) ORDER BY id`,
      [afterId, hwaddrs],
    );
    return rows.map((row) => ({ hwaddr: row.hwaddr, id: Number(row.id) }));
  }
}
