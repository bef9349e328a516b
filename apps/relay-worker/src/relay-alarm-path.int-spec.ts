import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  ALERT_CATEGORIES,
  QUEUE_NAMES,
  natsNames,
  panelEventKey,
  relayJobId,
  type PanelEventMessage,
  type RelayTriggerSettings,
  type RelayVerifyReply,
} from '@app/contracts';
import {
  ClaimEntity,
  NotificationEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  UserEntity,
} from '@app/database';
import { QueueService } from '@app/messaging';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from './testing/relay-worker-test-app';

const PASSWORD = 'Test relay key: 32 chars long!!!';
const SECRET_KEY = 'relay-worker-int-spec-secret-key-0123456789';

const nothing: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const onFire: RelayTriggerSettings = { relay_1: 2, relay_2: 3, io_1: true, io_2: false, io_3: true, io_4: false };

// Every test drives a board and a site of its own, so each runs alone and in any order.
describe('relay-worker: verify over NATS and the alarm path (real PostgreSQL, NATS, Redis, relay simulator)', () => {
  let environment: TestEnvironment;
  const apps: INestApplication[] = [];
  let nc: NatsConnection;
  const boards: RelaySimulator[] = [];
  let userId: string;
  const live: Array<{ data: { hwaddr: string } }> = [];

  /** A relay board of its own, listening unless `up` is false (then its port refuses connections). */
  async function newBoard(up = true): Promise<RelaySimulator> {
    const board = new RelaySimulator({ password: PASSWORD });
    boards.push(board);
    await board.start();
    if (!up) await board.stop();
    return board;
  }

  /** A site of its own (claimed by the owner) with a relay named `name` on `board` acting on fire. */
  async function newSite(board: RelaySimulator, name: string): Promise<{ hwaddr: string; actionId: number }> {
    const hwaddr = randomBytes(6).toString('hex');
    const dataSource = environment.database.dataSource;
    const cipher = new RelayPasswordCipher(SECRET_KEY);
    await dataSource.getRepository(ClaimEntity).save({ userId, hwaddr, adminKey: '1234', status: 'AUTHED' });
    const relay = await dataSource
      .getRepository(RelayEntity)
      .save({ userId, name, host: '127.0.0.1', port: board.port, passwordEncrypted: cipher.encrypt(PASSWORD) });
    const action = await dataSource
      .getRepository(RelayActionEntity)
      .save({ relayId: relay.id, hwaddr, onFire, onFault: nothing });
    return { hwaddr, actionId: action.id };
  }

  /** Waits until the site's one run has succeeded; answers it. */
  async function succeededRun(hwaddr: string, description = 'the run to succeed'): Promise<RelayActionRunEntity> {
    const [run] = await waitUntil(
      async () => {
        const runs = await runsOf(hwaddr);
        return runs.length === 1 && runs[0].status === 'succeeded' ? runs : null;
      },
      description,
      30_000,
    );
    return run;
  }

  /** What the panel gateway does with a panel event: store it in PANEL_EVENTS under its key. */
  async function publishEvent(
    hwaddr: string,
    seq: number,
    category: PanelEventMessage['category'],
    msgID = panelEventKey(hwaddr, seq),
  ): Promise<void> {
    const event: PanelEventMessage = {
      hwaddr,
      seq,
      networkId: 1,
      category,
      title: 'Fire',
      panelDate: new Date().toISOString(),
      location: 'Zone 1',
      receivedAt: new Date().toISOString(),
    };
    const names = natsNames(environment.natsConfig.prefix);
    const { jetstream } = await import('@nats-io/jetstream');
    await jetstream(nc).publish(names.subjects.panelEvent(hwaddr, category), JSON.stringify(event), { msgID });
  }

  function runsOf(hwaddr: string): Promise<RelayActionRunEntity[]> {
    return environment.database.dataSource.getRepository(RelayActionRunEntity).find({ where: { hwaddr } });
  }

  async function consumerIdle(): Promise<boolean> {
    const { jetstreamManager } = await import('@nats-io/jetstream');
    const names = natsNames(environment.natsConfig.prefix);
    const manager = await jetstreamManager(nc);
    const infos = await Promise.all(
      ALERT_CATEGORIES.map((category) =>
        manager.consumers.info(names.streams.panelEvents, names.consumers.relayWorker(category)),
      ),
    );
    return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0);
  }

  const switchesOf = (simulator: RelaySimulator) => simulator.switches.map(({ at: _at, ...rest }) => rest);

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const user = await environment.database.dataSource
      .getRepository(UserEntity)
      .save({ email: 'owner@example.com', fullName: 'Owner', passwordHash: 'x' });
    userId = user.id;
    nc = await connect({ servers: environment.natsConfig.servers });
    nc.subscribe(natsNames(environment.natsConfig.prefix).subjects.liveUser(userId), {
      callback: (_error, message) => void live.push(message.json()),
    });
    const env = {
      RELAY_SECRET_KEY: SECRET_KEY,
      RELAY_ALLOWED_TARGETS: '127.0.0.1',
      RELAY_JOB_ATTEMPTS: '4',
      RELAY_JOB_BACKOFF_MS: '100',
      RELAY_CONNECT_TIMEOUT_MS: '1000',
      RELAY_REPLY_TIMEOUT_MS: '1000',
      RELAY_WORKER_CONCURRENCY: '2',
    };
    // Two copies share the event consumer, the queue and the verify requests.
    for (let copy = 0; copy < 2; copy += 1) apps.push((await startRelayWorkerTestApp(environment, env)).app);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await nc?.close();
    await Promise.all(boards.map((board) => board.stop()));
    await environment?.cleanup();
  });

  describe('verify', () => {
    async function verify(host: string, port: number, password: string): Promise<RelayVerifyReply> {
      const reply = await nc.request(
        natsNames(environment.natsConfig.prefix).subjects.relayVerify,
        JSON.stringify({ host, port, password }),
        { timeout: 5000 },
      );
      return reply.json<RelayVerifyReply>();
    }

    it('answers the board status', async () => {
      const board = await newBoard();
      expect(await verify('127.0.0.1', board.port, PASSWORD)).toEqual({
        ok: true,
        status: {
          moduleID: 35,
          firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } },
          voltage: 12.5,
          temp: 26.7,
        },
      });
    });

    it('names a wrong password, a closed port and a refused address', async () => {
      const board = await newBoard();
      const deadBoard = await newBoard(false);
      expect(await verify('127.0.0.1', board.port, 'W'.repeat(32))).toEqual({
        ok: false,
        reason: expect.stringContaining('check the password and that the relay is set to the AES Binary command set'),
      });
      expect(await verify('127.0.0.1', deadBoard.port, PASSWORD)).toEqual({
        ok: false,
        reason: expect.stringContaining('refused the connection'),
      });
      expect(await verify('192.168.0.123', 17123, PASSWORD)).toEqual({
        ok: false,
        reason: expect.stringContaining('is a loopback, private or link-local address'),
      });
    });
  });

  describe('events', () => {
    it('pulses the configured relays and switches the I/O on a fire event, and records the run', async () => {
      const board = await newBoard();
      const { hwaddr } = await newSite(board, 'Strobe');
      await publishEvent(hwaddr, 1, 'fire');
      const run = await succeededRun(hwaddr);
      expect(switchesOf(board)).toEqual([
        { kind: 'relay', relay: 1, pulseMs: 2000 },
        { kind: 'relay', relay: 2, pulseMs: 3000 },
        { kind: 'io', io: 1, on: true },
        { kind: 'io', io: 3, on: true },
      ]);
      expect(run).toMatchObject({ eventSeq: 1, trigger: 'fire', attempts: 1, error: null });
      expect(run.finishedAt).toBeInstanceOf(Date);
    });

    it('switches nothing twice when the same event comes again', async () => {
      const board = await newBoard();
      const { hwaddr, actionId } = await newSite(board, 'Strobe');
      await publishEvent(hwaddr, 1, 'fire');
      await succeededRun(hwaddr, 'the first run to succeed');
      await waitUntil(() => board.switches.length === 4, 'the first drive', 30_000);
      // A resend after the stream's duplicate window: a new message id, the same event.
      await publishEvent(hwaddr, 1, 'fire', `${panelEventKey(hwaddr, 1)}-resent`);
      await waitUntil(consumerIdle, 'the resent event to be acked', 30_000);
      // Even with the finished job gone from Redis, the recorded run stops a second drive.
      const queue = apps[0].get(QueueService).queue(QUEUE_NAMES.relayActions);
      const job = await waitUntil(() => queue.getJob(relayJobId(hwaddr, 1, actionId)), 'the finished job', 30_000);
      await waitUntil(async () => (await job.getState()) === 'completed', 'the job completed', 30_000);
      await job.remove();
      await publishEvent(hwaddr, 1, 'fire', `${panelEventKey(hwaddr, 1)}-resent-again`);
      await waitUntil(consumerIdle, 'the second resend to be acked', 30_000);
      await waitUntil(
        async () => {
          const counts = await queue.getJobCounts('active', 'waiting', 'delayed');
          return counts.active === 0 && counts.waiting === 0 && counts.delayed === 0;
        },
        'the queue to be idle',
        30_000,
      );
      expect(board.switches).toHaveLength(4);
      expect(await runsOf(hwaddr)).toEqual([expect.objectContaining({ attempts: 1, status: 'succeeded' })]);
    });

    it('ignores events that are neither fire nor fault, and faults with nothing to do', async () => {
      const board = await newBoard();
      const { hwaddr, actionId } = await newSite(board, 'Strobe');
      await publishEvent(hwaddr, 2, 'system');
      await publishEvent(hwaddr, 3, 'fault');
      await waitUntil(consumerIdle, 'the events to be acked', 30_000);
      // Jobs are stored before their event is acked, so none was added for either event.
      const queue = apps[0].get(QueueService).queue(QUEUE_NAMES.relayActions);
      expect(await queue.getJob(relayJobId(hwaddr, 2, actionId))).toBeUndefined();
      expect(await queue.getJob(relayJobId(hwaddr, 3, actionId))).toBeUndefined();
      expect(await runsOf(hwaddr)).toEqual([]);
      expect(board.switches).toEqual([]);
      // The same site's fire, published after them, does act: the events above were read and passed over.
      await publishEvent(hwaddr, 4, 'fire');
      await succeededRun(hwaddr);
      expect(board.switches).toHaveLength(4);
    });

    it('drives a board that is down at first once it comes back', async () => {
      const lateBoard = await newBoard(false);
      const { hwaddr } = await newSite(lateBoard, 'Door');
      await publishEvent(hwaddr, 1, 'fire');
      await waitUntil(
        async () => (await runsOf(hwaddr))[0]?.error?.includes('refused the connection'),
        'a first failed attempt',
        30_000,
      );
      await lateBoard.start();
      const run = await succeededRun(hwaddr, 'the run to succeed after a retry');
      expect(run.attempts).toBeGreaterThan(1);
      expect(switchesOf(lateBoard)).toHaveLength(4);
    });

    it('records a failure and notifies the owner when the board never comes back', async () => {
      const deadBoard = await newBoard(false);
      const { hwaddr } = await newSite(deadBoard, 'Dialler');
      await publishEvent(hwaddr, 7, 'fire');
      const [run] = await waitUntil(
        async () => {
          const runs = await runsOf(hwaddr);
          return runs[0]?.status === 'failed' ? runs : null;
        },
        'the run to fail',
        30_000,
      );
      expect(run.attempts).toBe(4);
      expect(run.error).toContain('refused the connection');
      const notifications = await environment.database.dataSource
        .getRepository(NotificationEntity)
        .find({ where: { hwaddr } });
      expect(notifications).toEqual([
        expect.objectContaining({
          notificationType: 'RELAY_FAILURE',
          title: 'Relay action failed',
          text: expect.stringMatching(
            /^Relay Dialler did not carry out its fire action \(gave up at .* UTC\): Relay 127\.0\.0\.1:\d+ refused the connection/,
          ),
          notificationData: expect.objectContaining({ relay_name: 'Dialler', trigger: 'fire', event_seq: 7 }),
        }),
      ]);
      const heard = () => live.filter((message) => message.data.hwaddr === hwaddr);
      await waitUntil(() => heard().length > 0, 'the owner to hear of it live', 30_000);
      expect(heard()).toEqual([
        {
          type: 'NotificationEvent',
          data: {
            hwaddr,
            notification: expect.objectContaining({ id: notifications[0].id, title: 'Relay action failed' }),
          },
        },
      ]);
    });
  });
});
