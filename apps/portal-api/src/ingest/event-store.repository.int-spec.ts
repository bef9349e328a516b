import { alarmTestMode, SiteTestModeEntity } from '@app/database';
import { createTestDatabase, uncommittedDecision, waitForLockWait, type TestDatabase } from '@app/database/testing';
import type { EventRow } from './event-rows.util';
import { EventStoreRepository } from './event-store.repository';

const SITE = 'a0b1c2d3e601';

/** The alarm lane's one statement: a fire stored with its test decision (real PostgreSQL). */
describe('EventStoreRepository.insertDecidedAlarm (real PostgreSQL)', () => {
  let db: TestDatabase;
  let store: EventStoreRepository;
  let seq = 0;

  const fire = (receivedAt: Date): EventRow => ({
    hwaddr: SITE,
    networkId: 1,
    seq: ++seq,
    category: 'fire',
    title: `Fire ${seq}`,
    date: receivedAt,
    location: 'Zone 1',
    receivedAt,
  });
  const storedRows = (row: EventRow) =>
    db.dataSource.query<Array<{ id: string; test: boolean }>>(
      'SELECT id, test FROM events WHERE hwaddr = $1 AND seq = $2',
      [row.hwaddr, row.seq],
    );
  const testMode = (startedAt: Date, until: Date) => {
    const repository = db.dataSource.getRepository(SiteTestModeEntity);
    return repository.save(
      repository.create({
        hwaddr: SITE,
        startedByName: 'Ann',
        reason: 'Detector tests',
        startedBy: null,
        startedAt,
        until,
      }),
    );
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new EventStoreRepository(db.dataSource);
  });

  afterAll(() => db.drop());

  beforeEach(() => db.dataSource.query('DELETE FROM site_test_modes'));

  it('stores a fire marked by the test mode covering its arrival, and records that decision for the other apps', async () => {
    const started = await testMode(new Date('2026-11-01T10:00:00Z'), new Date('2026-11-01T11:00:00Z'));
    const during = fire(new Date('2026-11-01T10:30:00Z'));
    const after = fire(new Date('2026-11-01T11:30:00Z'));

    const [stored] = (await store.insertDecidedAlarm(during)) ?? [];
    expect(stored).toEqual({ ...during, id: expect.any(Number), test: true });
    expect(await storedRows(during)).toEqual([{ id: String(stored.id), test: true }]);
    expect(await alarmTestMode(db.dataSource, during)).toEqual({ testModeId: started.id, reason: 'Detector tests' });

    expect(await store.insertDecidedAlarm(after)).toEqual([{ ...after, id: expect.any(Number), test: false }]);
    expect(await alarmTestMode(db.dataSource, after)).toBeNull();
  });

  it('keeps a decision another app took first, whatever the test modes say since', async () => {
    const started = await testMode(new Date('2026-11-02T10:00:00Z'), new Date('2026-11-02T11:00:00Z'));
    const alarm = fire(new Date('2026-11-02T10:30:00Z'));
    await alarmTestMode(db.dataSource, alarm);
    await db.dataSource.query('DELETE FROM site_test_modes WHERE id = $1', [started.id]);

    expect(await store.insertDecidedAlarm(alarm)).toEqual([{ ...alarm, id: expect.any(Number), test: true }]);
  });

  it('stores nothing and answers no event for a fire stored before', async () => {
    const alarm = fire(new Date('2026-11-03T10:00:00Z'));
    const [first] = (await store.insertDecidedAlarm(alarm)) ?? [];

    expect(await store.insertDecidedAlarm(alarm)).toEqual([]);
    expect(await storedRows(alarm)).toEqual([{ id: String(first.id), test: false }]);
  });

  it('answers null, and stores nothing, while another app was writing the decision it cannot read', async () => {
    const started = await testMode(new Date('2026-11-04T10:00:00Z'), new Date('2026-11-04T11:00:00Z'));
    const alarm = fire(new Date('2026-11-04T10:30:00Z'));
    const writer = await uncommittedDecision(db.dataSource, alarm, started.id);
    try {
      const answer = store.insertDecidedAlarm(alarm);
      await waitForLockWait(db.dataSource);
      await writer.commit();

      // Stored unmarked it would contradict the relay-worker's decision: the caller goes the long way.
      expect(await answer).toBeNull();
      expect(await storedRows(alarm)).toEqual([]);
      const decisions = await store.alarmDecisions([alarm]);
      expect(decisions.get(`${alarm.hwaddr}-${alarm.seq}`)).toEqual({
        testModeId: started.id,
        reason: 'Detector tests',
      });
    } finally {
      await writer.end();
    }
  });
});
