import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PanelEventMessage } from '@app/contracts';
import { EventEntity } from '@app/database';

/** Panel events as portal-api stored them: what a lost alert mail job is rebuilt from. */
@Injectable()
export class StoredEvents {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The event as the stream carried it; `receivedAt` is when it was stored (moments after the gateway). */
  async one(hwaddr: string, seq: number): Promise<PanelEventMessage | null> {
    const row = await this.dataSource.getRepository(EventEntity).findOneBy({ hwaddr, seq });
    if (!row) return null;
    return {
      hwaddr: row.hwaddr,
      seq: row.seq,
      networkId: row.networkId,
      category: row.category,
      title: row.title,
      panelDate: row.date.toISOString(),
      location: row.location,
      receivedAt: row.receivedAt.toISOString(),
    };
  }
}
