import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isAlertCategory } from '@app/contracts';
import { alarmKey, alarmTestModes, type AlarmTestMode } from '@app/database';
import type { EventRow } from './event-rows.util';

export interface StoredEvent extends EventRow {
  id: number;
  /** It arrived while its site was in test mode (docs/test-mode.md). */
  test: boolean;
}

/** The test decisions of a batch's fires and faults, by alarmKey (see alarmTestModes). */
export type AlarmDecisions = Map<string, AlarmTestMode | null>;

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

  /**
   * The test decisions of the batch's fires and faults, taken (or read) before its transaction: each
   * is committed at once, so that the relay-worker and the mailer, which decide on the same events,
   * never wait for this batch's commit.
   */
  alarmDecisions(rows: EventRow[]): Promise<AlarmDecisions> {
    return alarmTestModes(
      this.dataSource,
      rows.filter((row) => isAlertCategory(row.category)),
    );
  }

  /**
   * A fire or fault is marked as its decision says; any other event as the site's test mode at its
   * arrival, looked up in the same statement (nothing else acts on those, so no decision is kept).
   */
  async insertNew(manager: EntityManager, rows: EventRow[], alarms: AlarmDecisions): Promise<StoredEvent[]> {
    if (rows.length === 0) return [];
    const decided = rows.map((row) =>
      isAlertCategory(row.category) ? (alarms.get(alarmKey(row.hwaddr, row.seq)) ?? null) !== null : null,
    );
    const inserted = await manager.query<Array<{ id: string; hwaddr: string; seq: string; test: boolean }>>(
      `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at, test)
       SELECT e.hwaddr, e.network_id, e.seq, e.category, e.title, e.date, e.location, e.received_at,
              COALESCE(e.test, EXISTS (SELECT 1 FROM site_test_modes t
                WHERE t.hwaddr = e.hwaddr AND t.started_at <= e.received_at AND e.received_at < COALESCE(t.ended_at, t.until)))
         FROM unnest($1::char(12)[], $2::smallint[], $3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::text[], $8::timestamptz[], $9::boolean[])
           AS e(hwaddr, network_id, seq, category, title, date, location, received_at, test)
       ON CONFLICT (hwaddr, seq) DO NOTHING
       RETURNING id, hwaddr, seq, test`,
      [
        rows.map((row) => row.hwaddr),
        rows.map((row) => row.networkId),
        rows.map((row) => row.seq),
        rows.map((row) => row.category),
        rows.map((row) => row.title),
        rows.map((row) => row.date.toISOString()),
        rows.map((row) => row.location),
        rows.map((row) => row.receivedAt.toISOString()),
        decided,
      ],
    );
    const byKey = new Map(rows.map((row) => [`${row.hwaddr}-${row.seq}`, row]));
    return inserted.map((row) => ({
      ...byKey.get(`${row.hwaddr}-${Number(row.seq)}`)!,
      id: Number(row.id),
      test: row.test,
    }));
  }
}
