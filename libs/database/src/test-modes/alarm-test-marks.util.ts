/** A fire or fault to decide on: its key and when the gateway received it (a Date, or ISO 8601 as in a panel event). */
export interface AlarmArrival {
  hwaddr: string;
  seq: number;
  receivedAt: Date | string;
}

/** The test mode that covered an alarm's arrival: its id and why it was started. */
export interface AlarmTestMode {
  testModeId: number;
  reason: string;
}

/** Runs one statement on its own (a DataSource, or a manager outside any longer transaction). */
interface Queryable {
  query<T = unknown>(sql: string, parameters?: unknown[]): Promise<T>;
}

/** The key alarmTestModes answers by. */
export function alarmKey(hwaddr: string, seq: number): string {
  return `${hwaddr}-${seq}`;
}

/** A decision as a statement answers it. */
interface DecisionRow {
  hwaddr: string;
  event_seq: string;
  test_mode_id: string | null;
  reason: string | null;
}

/**
 * The CTEs that take the test decisions of the alarms of a CTE `a` (hwaddr, seq, received_at) and
 * answer them as `decided` (hwaddr, event_seq, test_mode_id): those this statement records, from
 * RETURNING, and those stored before, from the table as it was when the statement began, never one
 * twice. A decision another app was writing at that moment is in neither: the statement waited for
 * it and cannot read it, and a second statement must (see alarmTestModes). For a statement that
 * acts on the decisions it takes (portal-api stores a fire with its decision in one statement).
 */
export const ALARM_DECISIONS_CTES = `taken AS (
         INSERT INTO alarm_test_marks (hwaddr, event_seq, test_mode_id)
         SELECT a.hwaddr, a.seq,
                (SELECT t.id FROM site_test_modes t
                  WHERE t.hwaddr = a.hwaddr AND t.started_at <= a.received_at AND a.received_at < COALESCE(t.ended_at, t.until)
                  ORDER BY t.started_at DESC LIMIT 1)
           FROM a
         ON CONFLICT (hwaddr, event_seq) DO NOTHING
         RETURNING hwaddr, event_seq, test_mode_id
       ), decided AS (
         SELECT hwaddr, event_seq, test_mode_id FROM taken
         UNION ALL
         SELECT hwaddr, event_seq, test_mode_id FROM alarm_test_marks
          WHERE (hwaddr, event_seq) IN (SELECT hwaddr, seq FROM a)
       )`;

/**
 * Each alarm's test decision (docs/test-mode.md): the test mode that covered its arrival, or null.
 * Taken once, by whichever of portal-api, the relay-worker and the mailer asks first, and read back
 * by the others, so that the event's mark, its relay runs and its mails agree even when a test mode
 * starts or ends while the event is on its way (a test mode being written and not yet committed is
 * not seen by the first to decide, and then by no one for that event). A test mode covers the
 * events the gateway received from its start until it ended (or its `until`).
 *
 * One statement, on the alarm path of all three apps: it records the decisions not taken yet and
 * answers those with the ones already stored. A decision another app was writing at that moment
 * makes the statement wait, then keep that one; as it was stored after the statement began, the
 * statement cannot read it, and a second one does. Never call it inside a transaction that stays
 * open after it: the rows it writes would hold back the other apps' decisions until it ends.
 */
export async function alarmTestModes(
  runner: Queryable,
  alarms: readonly AlarmArrival[],
): Promise<Map<string, AlarmTestMode | null>> {
  const decided = new Map<string, AlarmTestMode | null>();
  const unique = [...new Map(alarms.map((alarm) => [alarmKey(alarm.hwaddr, alarm.seq), alarm])).values()];
  if (unique.length === 0) return decided;
  const hwaddrs = unique.map((alarm) => alarm.hwaddr);
  const seqs = unique.map((alarm) => alarm.seq);
  const take = (rows: DecisionRow[]) => {
    for (const row of rows)
      decided.set(
        alarmKey(row.hwaddr, Number(row.event_seq)),
        row.test_mode_id === null ? null : { testModeId: Number(row.test_mode_id), reason: row.reason ?? '' },
      );
  };
  take(
    await runner.query<DecisionRow[]>(
      `WITH a AS (
         SELECT * FROM unnest($1::char(12)[], $2::bigint[], $3::timestamptz[]) AS a(hwaddr, seq, received_at)
       ), ${ALARM_DECISIONS_CTES}
       SELECT m.hwaddr, m.event_seq, m.test_mode_id, t.reason
         FROM decided m LEFT JOIN site_test_modes t ON t.id = m.test_mode_id`,
      [hwaddrs, seqs, unique.map((alarm) => new Date(alarm.receivedAt).toISOString())],
    ),
  );
  const raced = unique.filter((alarm) => !decided.has(alarmKey(alarm.hwaddr, alarm.seq)));
  if (raced.length > 0)
    take(
      await runner.query<DecisionRow[]>(
        `SELECT m.hwaddr, m.event_seq, m.test_mode_id, t.reason
           FROM alarm_test_marks m LEFT JOIN site_test_modes t ON t.id = m.test_mode_id
          WHERE (m.hwaddr, m.event_seq) IN (SELECT * FROM unnest($1::char(12)[], $2::bigint[]))`,
        [raced.map((alarm) => alarm.hwaddr), raced.map((alarm) => alarm.seq)],
      ),
    );
  return decided;
}

/** One alarm's decision (see alarmTestModes). */
export async function alarmTestMode(runner: Queryable, alarm: AlarmArrival): Promise<AlarmTestMode | null> {
  return (await alarmTestModes(runner, [alarm])).get(alarmKey(alarm.hwaddr, alarm.seq)) ?? null;
}

/**
 * Forgets at most `limit` decisions taken before `before`; answers how many. A decision is needed
 * only while an app may still handle its alarm: past the streams' week (and a dead letter replayed
 * later), an app asking again decides again from the test modes, which are kept, and gets the same
 * answer unless a test mode was being written at the very moment of the first decision.
 */
export async function forgetAlarmTestMarks(runner: Queryable, before: Date, limit: number): Promise<number> {
  const [, count] = await runner.query<[unknown, number]>(
    `DELETE FROM alarm_test_marks
      WHERE (hwaddr, event_seq) IN (
        SELECT hwaddr, event_seq FROM alarm_test_marks WHERE decided_at < $1 ORDER BY decided_at LIMIT $2)`,
    [before.toISOString(), limit],
  );
  return count;
}
