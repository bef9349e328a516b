import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { EventCategory } from '@app/contracts';
import { ClaimEntity } from '@app/database';
import type { ExportedEvent } from './events-export-format.util';

/** The events an export covers: the events list's filters, without paging. */
export interface EventsExportFilter {
  hwaddr: string;
  from: Date;
  /** No upper bound when absent, as in the events list. */
  to?: Date;
  networkId?: number;
  category?: EventCategory;
}

/** Where the previous batch ended: its last event's arrival (as PostgreSQL wrote it, to the microsecond) and id. */
export interface EventsExportCursor {
  receivedKey: string;
  id: string;
}

export interface EventsExportBatch {
  events: ExportedEvent[];
  /** Absent after the last batch. */
  next?: EventsExportCursor;
}

interface ExportRow {
  id: string;
  network_id: number;
  category: EventCategory;
  title: string;
  date: Date;
  received_at: Date;
  received_key: string;
  location: string;
  test: boolean;
}

/**
 * Reads an export in batches, newest first by arrival as the events list, by keyset on (received_at,
 * id) over the (hwaddr[, network_id], received_at DESC, id DESC) indexes: each batch is one short query on a pooled
 * connection, so a slow download holds no connection while the client reads, and events stored
 * meanwhile neither repeat nor shift a row.
 */
@Injectable()
export class EventsExportRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The user's own name for the site ('' when none), which names the file. */
  async nicknameOf(userId: string, hwaddr: string): Promise<string> {
    const claim = await this.dataSource
      .getRepository(ClaimEntity)
      .findOne({ select: { nickname: true }, where: { userId, hwaddr } });
    return claim?.nickname ?? '';
  }

  async batch(
    filter: EventsExportFilter,
    after: EventsExportCursor | undefined,
    size: number,
  ): Promise<EventsExportBatch> {
    const params: unknown[] = [filter.hwaddr, filter.from];
    const where = ['hwaddr = $1', 'received_at >= $2'];
    const bind = (condition: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (filter.to !== undefined) bind((p) => `received_at <= ${p}`, filter.to);
    if (filter.networkId !== undefined) bind((p) => `network_id = ${p}`, filter.networkId);
    if (filter.category !== undefined) bind((p) => `category = ${p}`, filter.category);
    if (after !== undefined) {
      params.push(after.receivedKey, after.id);
      where.push(`(received_at, id) < ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
    }
    params.push(size);
    // received_key in ISO 8601 with the microseconds a JavaScript Date would lose: the cursor must match exactly.
    const rows = (await this.dataSource.query(
      `SELECT id::text AS id, network_id, category, title, date, received_at, location, test,
              to_char(received_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS received_key
         FROM events
        WHERE ${where.join(' AND ')}
        ORDER BY received_at DESC, id DESC
        LIMIT $${params.length}`,
      params,
    )) as ExportRow[];
    const events = rows.map((row) => ({
      id: row.id,
      networkId: row.network_id,
      category: row.category,
      title: row.title,
      date: row.date,
      receivedAt: row.received_at,
      location: row.location,
      test: row.test,
    }));
    const last = rows.at(-1);
    return rows.length === size && last
      ? { events, next: { receivedKey: last.received_key, id: last.id } }
      : { events };
  }
}
