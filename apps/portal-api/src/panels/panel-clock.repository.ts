import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The times of a site's latest event, the one it received last (events_hwaddr_received_at_idx). */
@Injectable()
export class PanelClockRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async latestEventTimes(hwaddr: string): Promise<{ receivedAt: Date; panelTime: Date } | null> {
    const [row] = await this.dataSource.query<Array<{ received_at: Date; date: Date }>>(
      `SELECT received_at, date FROM events WHERE hwaddr = $1 ORDER BY received_at DESC, id DESC LIMIT 1`,
      [hwaddr],
    );
    return row ? { receivedAt: row.received_at, panelTime: row.date } : null;
  }
}
