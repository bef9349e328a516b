import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isAlertCategory } from '@app/contracts';
import { ALARM_DECISIONS_CTES, alarmKey, alarmTestModes, type AlarmTestMode } from '@app/database';
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
    return this.stored(
      rows,
      await manager.query(`WITH e AS (${GIVEN_EVENTS}) ${INSERT_NEW_EVENTS}`, eventParameters(rows, decided)),
    );
  }

  /**
   * A fire or fault stored with its test decision in one statement (the alarm lane's one round trip):
   * the decision taken or read as alarmTestModes does, the event marked by it. Answers the event if
   * it was stored, none if it was stored before (by the other lane: nothing more to do), and null if
   * another app was writing its decision at that moment, which this statement cannot read: the
   * caller then stores it the long way.
   */
  async insertDecidedAlarm(row: EventRow): Promise<StoredEvent[] | null> {
    const [answer] = await this.dataSource.query<Array<Partial<InsertedRow> & { decided: boolean }>>(
      `WITH given AS (${GIVEN_EVENTS}),
            a AS (SELECT hwaddr, seq, received_at FROM given),
            ${ALARM_DECISIONS_CTES},
            e AS (
              SELECT g.hwaddr, g.network_id, g.seq, g.category, g.title, g.date, g.location, g.received_at,
                     d.test_mode_id IS NOT NULL AS test
                FROM given g JOIN decided d ON d.hwaddr = g.hwaddr AND d.event_seq = g.seq),
            inserted AS (${INSERT_NEW_EVENTS})
       SELECT EXISTS (SELECT 1 FROM decided) AS decided, i.id, i.hwaddr, i.seq, i.test
         FROM (SELECT 1) AS one LEFT JOIN inserted i ON true`,
      eventParameters([row], [null]),
    );
    if (!answer.decided) return null;
    return answer.id === undefined || answer.id === null ? [] : this.stored([row], [answer as InsertedRow]);
  }

  private stored(rows: EventRow[], inserted: InsertedRow[]): StoredEvent[] {
    const byKey = new Map(rows.map((row) => [`${row.hwaddr}-${row.seq}`, row]));
    return inserted.map((row) => ({
      ...byKey.get(`${row.hwaddr}-${Number(row.seq)}`)!,
      id: Number(row.id),
      test: row.test,
    }));
  }
}

interface InsertedRow {
  id: string;
  hwaddr: string;
  seq: string;
  test: boolean;
}

/** The events given as arrays ($1–$9, see eventParameters), a row each; `test` null where the site's test mode decides. */
const GIVEN_EVENTS = `SELECT * FROM unnest($1::char(12)[], $2::smallint[], $3::bigint[], $4::text[], $5::text[],
         $6::timestamptz[], $7::text[], $8::timestamptz[], $9::boolean[])
    AS e(hwaddr, network_id, seq, category, title, date, location, received_at, test)`;

/**
 * Stores the events of a CTE `e` shaped as GIVEN_EVENTS that are new; one without a test mark is
 * marked by the site's test mode at its arrival, looked up here. Returns what it stored.
 */
const INSERT_NEW_EVENTS = `INSERT INTO events (hwaddr, network_id, seq, category, title, date, location, received_at, test)
       SELECT e.hwaddr, e.network_id, e.seq, e.category, e.title, e.date, e.location, e.received_at,
              COALESCE(e.test, EXISTS (SELECT 1 FROM site_test_modes t
                WHERE t.hwaddr = e.hwaddr AND t.started_at <= e.received_at AND e.received_at < COALESCE(t.ended_at, t.until)))
         FROM e
       ON CONFLICT (hwaddr, seq) DO NOTHING
       RETURNING id, hwaddr, seq, test`;

function eventParameters(rows: EventRow[], test: Array<boolean | null>): unknown[] {
  return [
    rows.map((row) => row.hwaddr),
    rows.map((row) => row.networkId),
    rows.map((row) => row.seq),
    rows.map((row) => row.category),
    rows.map((row) => row.title),
    rows.map((row) => row.date.toISOString()),
    rows.map((row) => row.location),
    rows.map((row) => row.receivedAt.toISOString()),
    test,
  ];
}
