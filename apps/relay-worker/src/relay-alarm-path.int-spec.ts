import type { INestApplication } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ALERT_CATEGORIES, QUEUE_NAMES, natsNames, panelEventKey, relayJobId, type PanelEventMessage, type RelayTriggerSettings, type RelayVerifyReply } from '@app/contracts';
import { ClaimEntity, NotificationEntity, RelayActionEntity, RelayActionRunEntity, RelayEntity, UserEntity } from '@app/database';
import { QueueService } from '@app/messaging';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from './testing/relay-worker-test-app';

const PASSWORD = 'Test relay key: 32 chars long!!!';
const SECRET_KEY = 'relay-worker-int-spec-secret-key-0123456789';
const SITE_OK = '0011aabbcc01';
const SITE_LATE = '0011aabbcc02';
const SITE_DOWN = '0011aabbcc03';

const nothing: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const onFire: RelayTriggerSettings = { relay_1: 2, relay_2: 3, io_1: true, io_2: false, io_3: true, io_4: false };

describe('relay-worker: verify over NATS and the alarm path (real PostgreSQL, NATS, Redis, relay simulator)', () => {
  let environment: TestEnvironment;
  const apps: INestApplication[] = [];
  let nc: NatsConnection;
  const board = new RelaySimulator({ password: PASSWORD });
  const lateBoard = new RelaySimulator({ password: PASSWORD });
  const deadBoard = new RelaySimulator({ password: PASSWORD });
  let userId: string;
  let okActionId: number;
  const live: unknown[] = [];

  async function addRelay(port: number, hwaddr: string, name: string): Promise<number> {
    const dataSource = environment.database.dataSource;
    const cipher = new RelayPasswordCipher(SECRET_KEY);
    await dataSource.getRepository(ClaimEntity).save({ userId, hwaddr, adminKey: '1234', status: 'AUTHED' });
    const relay = await dataSource.getRepository(RelayEntity).save({ userId, name, host: '127.0.0.1', port, passwordEncrypted: cipher.encrypt(PASSWORD) });
    const action = await dataSource.getRepository(RelayActionEntity).save({ relayId: relay.id, hwaddr, onFire, onFault: nothing });
    return action.id;
  }

  /** What the panel gateway does with a panel event: store it in PANEL_EVENTS under its key. */
  async function publishEvent(hwaddr: string, seq: number, category: PanelEventMessage['category'], msgID = panelEventKey(hwaddr, seq)): Promise<void> {
    const event: PanelEventMessage = { hwaddr, seq, networkId: 1, category, title: 'Fire', panelDate: new Date().toISOString(), location: 'Zone 1', receivedAt: new Date().toISOString() };
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
    const infos = await Promise.all(ALERT_CATEGORIES.map((category) => manager.consumers.info(names.streams.panelEvents, names.consumers.relayWorker(category))));
    return infos.every((info) => info.num_pending === 0 && info.num_ack_pending === 0);
  }

  const switchesOf = (simulator: RelaySimulator) => simulator.switches.map(({ at: _at, ...rest }) => rest);

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const user = await environment.database.dataSource.getRepository(UserEntity).save({ email: 'owner@example.com', fullName: 'Owner', passwordHash: 'x' });
    userId = user.id;
    await board.start();
    await lateBoard.start();
    await lateBoard.stop();
    await deadBoard.start();
    await deadBoard.stop();
    okActionId = await addRelay(board.port, SITE_OK, 'Strobe');
    await addRelay(lateBoard.port, SITE_LATE, 'Door');
    await addRelay(deadBoard.port, SITE_DOWN, 'Dialler');
    nc = await connect({ servers: environment.natsConfig.servers });
    nc.subscribe(natsNames(environment.natsConfig.prefix).subjects.liveUser(userId), { callback: (_error, message) => void live.push(message.json()) });
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
    await Promise.all([board.stop(), lateBoard.stop(), deadBoard.stop()]);
    await environment?.cleanup();
  });

  describe('verify', () => {
    async function verify(host: string, port: number, password: string): Promise<RelayVerifyReply> {
      const reply = await nc.request(natsNames(environment.natsConfig.prefix).subjects.relayVerify, JSON.stringify({ host, port, password }), { timeout: 5000 });
      return reply.json<RelayVerifyReply>();
    }

    it('answers the board status', async () => {
      expect(await verify('127.0.0.1', board.port, PASSWORD)).toEqual({
        ok: true,
        status: { moduleID: 35, firmware: { system: { major: 4, minor: 2 }, application: { major: 4, minor: 14 } }, voltage: 12.5, temp: 26.7 },
      });
    });

    it('names a wrong password, a closed port and a refused address', async () => {
      expect(await verify('127.0.0.1', board.port, 'W'.repeat(32))).toEqual({ ok: false, reason: expect.stringContaining('check the password and that the relay is set to the AES Binary command set') });
      expect(await verify('127.0.0.1', deadBoard.port, PASSWORD)).toEqual({ ok: false, reason: expect.stringContaining('refused the connection') });
      expect(await verify('192.168.0.123', 17123, PASSWORD)).toEqual({ ok: false, reason: expect.stringContaining('is a loopback, private or link-local address') });
    });
  });

  describe('events', () => {
    it('pulses the configured relays and switches the I/O on a fire event, and records the run', async () => {
      await publishEvent(SITE_OK, 1, 'fire');
      const [run] = await waitUntil(async () => {
        const runs = await runsOf(SITE_OK);
        return runs.length === 1 && runs[0].status === 'succeeded' ? runs : null;
      }, 'the run to succeed');
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
      const before = board.switches.length;
      // A resend after the stream's duplicate window: a new message id, the same event.
      await publishEvent(SITE_OK, 1, 'fire', `${panelEventKey(SITE_OK, 1)}-resent`);
      await waitUntil(consumerIdle, 'the resent event to be acked');
      // Even with the finished job gone from Redis, the recorded run stops a second drive.
      const queue = apps[0].get(QueueService).queue(QUEUE_NAMES.relayActions);
      const [job] = await queue.getJobs(['completed']);
      await job.remove();
      await publishEvent(SITE_OK, 1, 'fire', `${panelEventKey(SITE_OK, 1)}-resent-again`);
      await waitUntil(consumerIdle, 'the second resend to be acked');
      await waitUntil(async () => {
        const counts = await queue.getJobCounts('active', 'waiting', 'delayed');
        return counts.active === 0 && counts.waiting === 0 && counts.delayed === 0;
      }, 'the queue to be idle');
      expect(board.switches).toHaveLength(before);
      expect(await runsOf(SITE_OK)).toEqual([expect.objectContaining({ attempts: 1, status: 'succeeded' })]);
    });

    it('ignores events that are neither fire nor fault, and faults with nothing to do', async () => {
      await publishEvent(SITE_OK, 2, 'system');
      await publishEvent(SITE_OK, 3, 'fault');
      await waitUntil(consumerIdle, 'the events to be acked');
      // Jobs are stored before their event is acked, so none was added for either event.
      const queue = apps[0].get(QueueService).queue(QUEUE_NAMES.relayActions);
      expect(await queue.getJob(relayJobId(SITE_OK, 2, okActionId))).toBeUndefined();
      expect(await queue.getJob(relayJobId(SITE_OK, 3, okActionId))).toBeUndefined();
      expect(await runsOf(SITE_OK)).toHaveLength(1);
    });

    it('drives a board that is down at first once it comes back', async () => {
      await publishEvent(SITE_LATE, 1, 'fire');
      await waitUntil(async () => (await runsOf(SITE_LATE))[0]?.error?.includes('refused the connection'), 'a first failed attempt');
      await lateBoard.start();
      const [run] = await waitUntil(async () => {
        const runs = await runsOf(SITE_LATE);
        return runs[0]?.status === 'succeeded' ? runs : null;
      }, 'the run to succeed after a retry');
      expect(run.attempts).toBeGreaterThan(1);
      expect(switchesOf(lateBoard)).toHaveLength(4);
    });

    it('records a failure and notifies the owner when the board never comes back', async () => {
      await publishEvent(SITE_DOWN, 7, 'fire');
      const [run] = await waitUntil(async () => {
        const runs = await runsOf(SITE_DOWN);
        return runs[0]?.status === 'failed' ? runs : null;
      }, 'the run to fail', 15_000);
      expect(run.attempts).toBe(4);
      expect(run.error).toContain('refused the connection');
      const notifications = await environment.database.dataSource.getRepository(NotificationEntity).find({ where: { hwaddr: SITE_DOWN } });
      expect(notifications).toEqual([
        expect.objectContaining({
          notificationType: 'RELAY_FAILURE',
          title: 'Relay action failed',
          text: expect.stringMatching(/^Relay Dialler did not carry out its fire action \(gave up at .* UTC\): Relay 127\.0\.0\.1:\d+ refused the connection/),
          notificationData: expect.objectContaining({ relay_name: 'Dialler', trigger: 'fire', event_seq: 7 }),
        }),
      ]);
      await waitUntil(() => live.length > 0, 'the owner to hear of it live');
      expect(live).toEqual([{ type: 'NotificationEvent', data: { hwaddr: SITE_DOWN, notification: expect.objectContaining({ id: notifications[0].id, title: 'Relay action failed' }) } }]);
    });
  });
});
