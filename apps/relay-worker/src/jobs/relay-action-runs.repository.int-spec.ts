import { RelayActionEntity, RelayEntity, UserEntity } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { RelayActionRunsRepository } from './relay-action-runs.repository';

describe('RelayActionRunsRepository (real PostgreSQL)', () => {
  const hwaddr = '0011aabbccdd';
  let database: TestDatabase;
  let runs: RelayActionRunsRepository;
  let actionId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    runs = new RelayActionRunsRepository(database.dataSource);
    const user = await database.dataSource
      .getRepository(UserEntity)
      .save({ email: 'owner@example.com', fullName: 'Owner', passwordHash: 'x' });
    const relay = await database.dataSource
      .getRepository(RelayEntity)
      .save({ userId: user.id, name: 'Board', host: '127.0.0.1', port: 17123, passwordEncrypted: 'x' });
    const action = await database.dataSource
      .getRepository(RelayActionEntity)
      .save({ relayId: relay.id, hwaddr, onFire: {}, onFault: {} });
    actionId = action.id;
  });

  afterAll(async () => {
    await database.drop();
  });

  async function row(
    runId: number,
  ): Promise<{ status: string; attempts: number; possible_repeats: number; driving: boolean }> {
    const rows = await database.dataSource.query(
      `SELECT status, attempts, possible_repeats, driving_since IS NOT NULL AS driving FROM relay_action_runs WHERE id = $1`,
      [runId],
    );
    return rows[0];
  }

  it('marks a run as driving before the board is driven, and unmarks it with the outcome', async () => {
    const run = await runs.startAttempt(actionId, hwaddr, 1, 'fire');
    expect(await row(run!.id)).toEqual({ status: 'pending', attempts: 1, possible_repeats: 0, driving: true });
    expect(await runs.attemptFailed(run!.id, 'busy', false)).toMatchObject({
      id: run!.id,
      error: 'busy',
      drivingSince: null,
      lastOutcomeUnknown: false,
    });
    const again = await runs.startAttempt(actionId, hwaddr, 1, 'fire');
    expect(again).toMatchObject({ id: run!.id, attempts: 2, status: 'pending', relayActionId: actionId, eventSeq: 1 });
    expect(again!.drivingSince).toBeInstanceOf(Date);
    expect(await row(run!.id)).toEqual({ status: 'pending', attempts: 2, possible_repeats: 0, driving: true });
  });

  it('records an attempt after a crash between the pulse and its record as a possible repeat', async () => {
    const run = await runs.startAttempt(actionId, hwaddr, 2, 'fire');
    // The copy died with the run still marked driving: the outcome is unknown.
    await runs.startAttempt(actionId, hwaddr, 2, 'fire');
    expect(await runs.succeeded(run!.id)).toMatchObject({ id: run!.id, status: 'succeeded', possibleRepeats: 1 });
    expect(await row(run!.id)).toEqual({ status: 'succeeded', attempts: 2, possible_repeats: 1, driving: false });
    expect(await runs.startAttempt(actionId, hwaddr, 2, 'fire')).toBeNull();
  });

  it('records the attempt after a failure that may have reached the board as a possible repeat', async () => {
    const run = await runs.startAttempt(actionId, hwaddr, 4, 'fault');
    // No reply came: the board may have pulsed.
    expect(await runs.attemptFailed(run!.id, 'timeout', true)).toMatchObject({
      drivingSince: null,
      lastOutcomeUnknown: true,
    });
    expect(await runs.startAttempt(actionId, hwaddr, 4, 'fault')).toMatchObject({
      attempts: 2,
      possibleRepeats: 1,
      lastOutcomeUnknown: false,
    });
    // A failure known to come before any command leaves the next attempt uncounted.
    await runs.attemptFailed(run!.id, 'refused', false);
    expect(await runs.startAttempt(actionId, hwaddr, 4, 'fault')).toMatchObject({ attempts: 3, possibleRepeats: 1 });
  });

  it('records the runs an event owes before any attempt, once, and closes one no longer fired', async () => {
    await runs.recordOwed([actionId], hwaddr, 5, 'fire');
    const [owed] = await database.dataSource.query(
      `SELECT id FROM relay_action_runs WHERE relay_action_id = $1 AND event_seq = 5`,
      [actionId],
    );
    expect(await row(Number(owed.id))).toEqual({ status: 'pending', attempts: 0, possible_repeats: 0, driving: false });
    // A redelivered event records nothing more; a job that started first keeps its attempt.
    await runs.startAttempt(actionId, hwaddr, 5, 'fire');
    await runs.recordOwed([actionId], hwaddr, 5, 'fire');
    expect(await row(Number(owed.id))).toEqual({ status: 'pending', attempts: 1, possible_repeats: 0, driving: true });
    await runs.succeeded(Number(owed.id));

    await runs.recordOwed([actionId], hwaddr, 6, 'fault');
    await runs.notFired(actionId, hwaddr, 6, 'Not driven');
    const [closed] = await database.dataSource.query(
      `SELECT status, error, finished_at IS NOT NULL AS finished FROM relay_action_runs WHERE relay_action_id = $1 AND event_seq = 6`,
      [actionId],
    );
    expect(closed).toEqual({ status: 'failed', error: 'Not driven', finished: true });
    // A run already done is left as it is.
    await runs.notFired(actionId, hwaddr, 5, 'Not driven');
    expect((await row(Number(owed.id))).status).toBe('succeeded');
  });

  it('gives the open run of a job that never started one, without counting an attempt', async () => {
    const runId = await runs.openRun(actionId, hwaddr, 3, 'fault');
    expect(await row(runId!)).toEqual({ status: 'pending', attempts: 0, possible_repeats: 0, driving: false });
    expect(await runs.openRun(actionId, hwaddr, 3, 'fault')).toBe(runId);
    await runs.succeeded(runId!);
    expect(await runs.openRun(actionId, hwaddr, 3, 'fault')).toBeNull();
  });
});
