import { createDataSource } from '../data-source';
import { SiteTestModeEntity } from '../entities/site-test-mode.entity';
import { waitForLockWait } from '../testing/lock-wait';
import { uncommittedDecision } from '../testing/uncommitted-decision';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { alarmKey, alarmTestMode, alarmTestModes, forgetAlarmTestMarks } from './alarm-test-marks.util';

const SITE = 'a0b1c2d3e501';
const OTHER_SITE = 'a0b1c2d3e502';
const at = (iso: string) => new Date(iso);

describe("alarms' test decisions (real PostgreSQL)", () => {
  let db: TestDatabase;
  let seq = 0;

  async function testMode(fields: Partial<SiteTestModeEntity> & Pick<SiteTestModeEntity, 'startedAt' | 'until'>) {
    const repository = db.dataSource.getRepository(SiteTestModeEntity);
    return repository.save(
      repository.create({ hwaddr: SITE, startedByName: 'Ann', reason: 'Detector tests', startedBy: null, ...fields }),
    );
  }

  beforeAll(async () => {
    db = await createTestDatabase();
  });

  afterAll(() => db.drop());

  beforeEach(async () => {
    await db.dataSource.query('DELETE FROM site_test_modes');
  });

  it('names the test mode that covered the arrival, from its start until it ended or its time was up', async () => {
    const ended = await testMode({
      startedAt: at('2026-11-01T10:00:00Z'),
      until: at('2026-11-01T12:00:00Z'),
      endedAt: at('2026-11-01T11:00:00Z'),
    });
    const expired = await testMode({ startedAt: at('2026-11-02T10:00:00Z'), until: at('2026-11-02T10:15:00Z') });
    const arrivals = {
      before: at('2026-11-01T09:59:59.999Z'),
      atStart: at('2026-11-01T10:00:00Z'),
      during: at('2026-11-01T10:59:59.999Z'),
      atEnd: at('2026-11-01T11:00:00Z'),
      afterEnd: at('2026-11-01T11:30:00Z'),
      second: at('2026-11-02T10:14:59Z'),
      pastUntil: at('2026-11-02T10:15:00Z'),
    };
    const alarms = Object.values(arrivals).map((receivedAt) => ({ hwaddr: SITE, seq: ++seq, receivedAt }));
    const elsewhere = { hwaddr: OTHER_SITE, seq: ++seq, receivedAt: arrivals.during };
    const decided = await alarmTestModes(db.dataSource, [...alarms, elsewhere]);
    const idOf = (index: number) => decided.get(alarmKey(SITE, alarms[index].seq))?.testModeId ?? null;
    expect(alarms.map((_alarm, index) => idOf(index))).toEqual([
      null,
      ended.id,
      ended.id,
      null,
      null,
      expired.id,
      null,
    ]);
    expect(decided.get(alarmKey(SITE, alarms[1].seq))).toEqual({ testModeId: ended.id, reason: 'Detector tests' });
    expect(decided.get(alarmKey(OTHER_SITE, elsewhere.seq))).toBeNull();
  });

  it('keeps the first decision: a test mode stored afterwards, or ended since, changes nothing for the event', async () => {
    const early = { hwaddr: SITE, seq: ++seq, receivedAt: at('2026-11-03T10:05:00Z') };
    // Decided while no test mode was stored (one being written, not yet committed, is not seen).
    expect(await alarmTestMode(db.dataSource, early)).toBeNull();
    const started = await testMode({ startedAt: at('2026-11-03T10:00:00Z'), until: at('2026-11-03T11:00:00Z') });
    expect(await alarmTestMode(db.dataSource, early)).toBeNull();

    const during = { hwaddr: SITE, seq: ++seq, receivedAt: at('2026-11-03T10:10:00Z') };
    expect(await alarmTestMode(db.dataSource, during)).toMatchObject({ testModeId: started.id });
    await db.dataSource
      .getRepository(SiteTestModeEntity)
      .update({ id: started.id }, { endedAt: at('2026-11-03T10:01:00Z') });
    expect(await alarmTestMode(db.dataSource, during)).toMatchObject({ testModeId: started.id });
  });

  it('gives every app deciding at once the same answer', async () => {
    const started = await testMode({ startedAt: at('2026-11-04T10:00:00Z'), until: at('2026-11-04T11:00:00Z') });
    const apps = await Promise.all(
      [0, 1, 2].map(async () => {
        const dataSource = createDataSource({ url: db.url, poolSize: 2 });
        await dataSource.initialize();
        return dataSource;
      }),
    );
    try {
      const alarms = [10, 20, 30].map((second) => ({
        hwaddr: SITE,
        seq: ++seq,
        receivedAt: at(`2026-11-04T10:00:${second}Z`),
      }));
      const answers = await Promise.all(apps.map((app) => alarmTestModes(app, alarms)));
      for (const answer of answers)
        expect([...answer.values()]).toEqual(alarms.map(() => ({ testModeId: started.id, reason: 'Detector tests' })));
      const [{ count }] = await db.dataSource.query<Array<{ count: string }>>(
        'SELECT count(*) FROM alarm_test_marks WHERE event_seq = ANY($1)',
        [alarms.map((alarm) => alarm.seq)],
      );
      expect(Number(count)).toBe(3);
    } finally {
      await Promise.all(apps.map((app) => app.destroy()));
    }
  });

  it('waits for a decision another app is writing, then answers with it', async () => {
    const started = await testMode({ startedAt: at('2026-11-05T10:00:00Z'), until: at('2026-11-05T11:00:00Z') });
    const alarm = { hwaddr: SITE, seq: ++seq, receivedAt: at('2026-11-05T10:30:00Z') };
    // Another app decided while the test mode ran and has not committed; the test mode is ended
    // meanwhile, so that deciding now would answer "not in test mode".
    const writer = await uncommittedDecision(db.dataSource, alarm, started.id);
    try {
      await db.dataSource
        .getRepository(SiteTestModeEntity)
        .update({ id: started.id }, { endedAt: at('2026-11-05T10:20:00Z') });
      const answer = alarmTestMode(db.dataSource, alarm);
      await waitForLockWait(db.dataSource);
      await writer.commit();
      expect(await answer).toEqual({ testModeId: started.id, reason: 'Detector tests' });
    } finally {
      await writer.end();
    }
  });

  it('forgets the decisions taken before a time, oldest first, at most as many as asked', async () => {
    const hwaddr = 'a0b1c2d3e5ff';
    const taken = ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z', '2026-01-03T00:00:00Z', '2026-02-01T00:00:00Z'];
    for (const [index, decidedAt] of taken.entries())
      await db.dataSource.query(
        'INSERT INTO alarm_test_marks (hwaddr, event_seq, test_mode_id, decided_at) VALUES ($1, $2, NULL, $3)',
        [hwaddr, index + 1, decidedAt],
      );
    const left = async () =>
      (
        await db.dataSource.query<Array<{ event_seq: string }>>(
          'SELECT event_seq FROM alarm_test_marks WHERE hwaddr = $1 ORDER BY event_seq',
          [hwaddr],
        )
      ).map((row) => Number(row.event_seq));

    expect(await forgetAlarmTestMarks(db.dataSource, at('2026-01-15T00:00:00Z'), 2)).toBe(2);
    expect(await left()).toEqual([3, 4]);
    expect(await forgetAlarmTestMarks(db.dataSource, at('2026-01-15T00:00:00Z'), 2)).toBe(1);
    expect(await forgetAlarmTestMarks(db.dataSource, at('2026-01-15T00:00:00Z'), 2)).toBe(0);
    expect(await left()).toEqual([4]);
  });
});
