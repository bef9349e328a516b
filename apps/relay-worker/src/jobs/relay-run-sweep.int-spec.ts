import type { INestApplication } from '@nestjs/common';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { QUEUE_NAMES, relayJobId, type RelayActionJob, type RelayTriggerSettings } from '@app/contracts';
import {
  ClaimEntity,
  NotificationEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  UserEntity,
} from '@app/database';
import { closeRedisConnection, createRedisConnection, QueueService, relayActionJob } from '@app/messaging';
import { removeRedisPrefix } from '@app/messaging/testing';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from '../testing/relay-worker-test-app';
import { RelayDrivingConfig } from '../relay-worker.config';
import { RelayRunSweep } from './relay-run-sweep.service';

jest.setTimeout(60_000);

const PASSWORD = 'Sweep relay key: 32 chars long!!';
const SECRET_KEY = 'relay-run-sweep-int-spec-secret-key-0123456';
const SITE = '0011aabbcc5f';
const onFire: RelayTriggerSettings = { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const nothing: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const SWEEP_AFTER_MS = 1000;

describe('the sweep of relay runs left pending (real Redis, PostgreSQL and relay simulator)', () => {
  let environment: TestEnvironment;
  const board = new RelaySimulator({ password: PASSWORD });
  let actionId: number;
  let seq = 0;
  const apps: INestApplication[] = [];
  const prefixes: string[] = [];

  beforeAll(async () => {
    environment = await createTestEnvironment();
    await board.start();
    const db = environment.database.dataSource;
    const user = await db
      .getRepository(UserEntity)
      .save({ email: 'sweep-owner@example.com', fullName: 'Owner', passwordHash: 'x' });
    await db.getRepository(ClaimEntity).save({ userId: user.id, hwaddr: SITE, adminKey: '1234', status: 'AUTHED' });
    const cipher = new RelayPasswordCipher(SECRET_KEY);
    const relay = await db.getRepository(RelayEntity).save({
      userId: user.id,
      name: 'Siren',
      host: '127.0.0.1',
      port: board.port,
      passwordEncrypted: cipher.encrypt(PASSWORD),
    });
    actionId = (
      await db.getRepository(RelayActionEntity).save({ relayId: relay.id, hwaddr: SITE, onFire, onFault: nothing })
    ).id;
  });

  // One worker at a time: every worker sweeps the whole table, and one on another test's Redis
  // prefix would find that test's jobs missing.
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  afterAll(async () => {
    for (const prefix of prefixes) await removeRedisPrefix(prefix);
    await board.stop();
    await environment?.cleanup();
  });

  function ownPrefix(): string {
    const prefix = `${environment.name}-sweep${prefixes.length}`;
    prefixes.push(prefix);
    return prefix;
  }

  /** A relay-worker that sweeps runs pending for more than a second, five times a second. */
  async function startWorker(prefix: string): Promise<INestApplication> {
    const { app } = await startRelayWorkerTestApp(environment, {
      RELAY_SECRET_KEY: SECRET_KEY,
      RELAY_ALLOWED_TARGETS: '127.0.0.1',
      REDIS_PREFIX: prefix,
      RECORD_SWEEP_AFTER_MS: String(SWEEP_AFTER_MS),
      RECORD_SWEEP_INTERVAL_MS: '200',
    });
    apps.push(app);
    return app;
  }

  /** A fire run left 'pending' ten minutes ago, its drive cut short by a crash when `driving`. */
  async function openRun(driving: boolean): Promise<{ runId: number; eventSeq: number; jobId: string }> {
    const eventSeq = ++seq;
    const rows: Array<{ id: string }> = await environment.database.dataSource.query(
      `INSERT INTO relay_action_runs (relay_action_id, hwaddr, event_seq, trigger, status, attempts, created_at, driving_since)
       VALUES ($1, $2, $3, 'fire', 'pending', 1, now() - interval '10 minutes', CASE WHEN $4 THEN now() - interval '10 minutes' END)
       RETURNING id`,
      [actionId, SITE, eventSeq, driving],
    );
    return { runId: Number(rows[0]!.id), eventSeq, jobId: relayJobId(SITE, eventSeq, actionId) };
  }

  const run = (id: number) =>
    environment.database.dataSource.getRepository(RelayActionRunEntity).findOneByOrFail({ id });
  const pulses = () => board.switches.filter((change) => change.kind === 'relay').length;

  it('drives, once, the action of a run whose job was lost while it was pending', async () => {
    const { runId, jobId } = await openRun(true);
    const before = pulses();
    const worker = await startWorker(ownPrefix());

    await waitUntil(async () => (await run(runId)).status === 'succeeded', 'the run driven by the sweep', 30_000);
    expect(await run(runId)).toMatchObject({ attempts: 2, possibleRepeats: 1, error: null });
    expect(pulses() - before).toBe(1);

    // Sweeps after the drive find nothing to do: the board is not driven again.
    const queue = worker.get(QueueService).queue(QUEUE_NAMES.relayActions);
    await waitUntil(async () => (await queue.getJobState(jobId)) === 'completed', 'the re-added job completed');
    await worker.get(RelayRunSweep).sweep(SWEEP_AFTER_MS);
    await worker.get(RelayRunSweep).sweep(SWEEP_AFTER_MS);
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'completed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
      completed: 1,
    });
    expect(pulses() - before).toBe(1);
  });

  it('leaves alone a run whose job is still live', async () => {
    const { runId, eventSeq, jobId } = await openRun(false);
    const worker = await startWorker(ownPrefix());
    const job = relayActionJob(SITE, eventSeq, 'fire', actionId, worker.get(RelayDrivingConfig));
    const queue = worker.get(QueueService).queue<RelayActionJob>(QUEUE_NAMES.relayActions);
    // Its retry is due in an hour: live, only waiting.
    await queue.add(job.name, job.data, { ...job.opts, delay: 3_600_000 });
    const before = pulses();

    await worker.get(RelayRunSweep).sweep(SWEEP_AFTER_MS);
    expect(await run(runId)).toMatchObject({ status: 'pending', attempts: 1, error: null });
    expect(await queue.getJobState(jobId)).toBe('delayed');
    expect(await queue.getJobCounts('waiting', 'active', 'delayed', 'failed')).toEqual({
      waiting: 0,
      active: 0,
      delayed: 1,
      failed: 0,
    });
    expect(pulses()).toBe(before);
    // Its job lives only on this test's Redis prefix: the run must not be left to the next test's sweep.
    await environment.database.dataSource.query(`DELETE FROM relay_action_runs WHERE id = $1`, [runId]);
  });

  it("records as failed, with its 'Relay action failed' notification, a run whose job failed on its last try unrecorded", async () => {
    const { runId, eventSeq, jobId } = await openRun(true);
    const prefix = ownPrefix();
    const connection = createRedisConnection(environment.redisConfig, 'relay-sweep-spec');
    const queue = new Queue<RelayActionJob>(QUEUE_NAMES.relayActions, { connection, prefix });
    // Fails the job outside the handler, as a copy that died in its failed handling leaves it.
    const failing = new Worker(QUEUE_NAMES.relayActions, () => Promise.reject(new UnrecoverableError('cut short')), {
      connection,
      prefix,
    });
    try {
      const job = relayActionJob(
        SITE,
        eventSeq,
        'fire',
        actionId,
        new RelayDrivingConfig(1, 1, 100, 1000, 1000, 2000, 1000),
      );
      await queue.add(job.name, job.data, job.opts);
      await waitUntil(async () => (await queue.getJobState(jobId)) === 'failed', 'the job failed outside its handler');
    } finally {
      await failing.close();
      await queue.close();
      await closeRedisConnection(connection);
    }
    const before = pulses();
    await startWorker(prefix);

    const failed = await waitUntil(
      async () => {
        const found = await run(runId);
        return found.status === 'failed' ? found : undefined;
      },
      'the run recorded failed',
      30_000,
    );
    expect(failed.error).toBe('It failed without its outcome being recorded: cut short');
    const notifications = await environment.database.dataSource
      .getRepository(NotificationEntity)
      .findBy({ hwaddr: SITE, notificationType: 'RELAY_FAILURE' });
    expect(
      notifications.filter(
        (notification) => (notification.notificationData as { event_seq?: number }).event_seq === eventSeq,
      ),
    ).toHaveLength(1);
    expect(pulses()).toBe(before);
  });
});
