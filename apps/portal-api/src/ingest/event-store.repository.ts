import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { EventRow } from './event-rows.util';

export interface StoredEvent extends EventRow {
  id: number;
}

/**
 * Writes a batch of panel events in one statement (one round trip whatever the size); an event
 * already stored (same hwaddr and panel sequence) is skipped, so a redelivered batch stores
 * nothing twice. Answers the events that were new.
 */
@Injectable()
export class EventStoreRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async insertNew(manager: EntityManager, rows: EventRow[]): Promise<StoredEvent[]> {
    if (rows.length === 0) return [];
    const inserted = await manager.query<Array<{ id: string; hwaddr: string; seq: string }>>(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at)
       SELECT * FROM unnest($1::char(12)[], $2::smallint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::timestamptz[])
       ON CONFLICT (hwaddr, seq) DO NOTHING
       RETURNING id, hwaddr, seq`,
      [
        rows.map((row) => row.hwaddr),
        rows.map((row) => row.networkId),
        rows.map((row) => row.seq),
        rows.map((row) => row.category),
        rows.map((row) => row.title),
        rows.map((row) => row.date.toISOString()),
        rows.map((row) => row.location),
        rows.map((row) => row.receivedAt.toISOString()),
      ],
    );
    const byKey = new Map(rows.map((row) => [`${row.hwaddr}-${row.seq}`, row]));
    return inserted.map((row) => ({ ...byKey.get(`${row.hwaddr}-${Number(row.seq)}`)!, id: Number(row.id) }));
  }
}
