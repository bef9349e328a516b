import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import {
  panelEventKey,
  type LivefeedPublishedMessage,
  type LivefeedRelayRunData,
  type PanelEventMessage,
  type RelayTriggerSettings,
} from '@app/contracts';
import {
  ClaimEntity,
  RelayActionEntity,
  RelayActionRunEntity,
  RelayEntity,
  UserEntity,
  toRelayActionRunDto,
} from '@app/database';
import { NatsService } from '@app/messaging';
import { listenForTest } from '@app/messaging/testing';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { RelaySimulator } from '../../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from '../testing/relay-worker-test-app';

const PASSWORD = 'Live runs relay key: 32 chars!!!';
const SECRET_KEY = 'relay-run-live-int-spec-secret-key-01234567';
const onFire: RelayTriggerSettings = { relay_1: 1, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
const nothing: RelayTriggerSettings = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };

/** A live message as heard on NATS, with the subject it was published on. */
interface Heard {
  subject: string;
  message: LivefeedPublishedMessage;
}

/**
 * Each change of a relay run goes to the relay's owner on their live subject as RelayRun, carrying
 * the run as GET /relays/{id}/runs lists it; another user of the same site hears none of it.
 */
describe('relay runs on the live feed (real PostgreSQL, NATS, Redis, relay simulator)', () => {
  let environment: TestEnvironment;
  let worker: INestApplication;
  let nats: NatsService;
  let ownerId: string;
  let neighbourId: string;
  const boards: RelaySimulator[] = [];
  const heard: Heard[] = [];

  /** A site both users hold, with one relay of the owner's on `board` acting on fire. */
  async function newSite(board: RelaySimulator): Promise<{ hwaddr: string; relayId: number }> {
    const hwaddr = randomBytes(6).toString('hex');
    const db = environment.database.dataSource;
    for (const userId of [ownerId, neighbourId])
      await db.getRepository(ClaimEntity).save({ userId, hwaddr, adminKey: '1234', status: 'AUTHED' });
    const relay = await db.getRepository(RelayEntity).save({
      userId: ownerId,
      name: 'Strobe',
      host: '127.0.0.1',
      port: board.port,
      passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(PASSWORD),
    });
    await db.getRepository(RelayActionEntity).save({ relayId: relay.id, hwaddr, onFire, onFault: nothing });
    return { hwaddr, relayId: relay.id };
  }

  async function newBoard(up: boolean): Promise<RelaySimulator> {
    const board = new RelaySimulator({ password: PASSWORD });
    boards.push(board);
    await board.start();
    if (!up) await board.stop();
    return board;
  }

  /** What the panel gateway does with a fire: store it in PANEL_EVENTS under its key. */
  async function fire(hwaddr: string, seq: number): Promise<void> {
    const event: PanelEventMessage = {
      hwaddr,
      seq,
      networkId: 1,
      category: 'fire',
      title: 'Fire',
      panelDate: new Date().toISOString(),
      location: 'Zone 1',
      receivedAt: new Date().toISOString(),
    };
    await nats.jetstream.publish(nats.names.subjects.panelEvent(hwaddr, 'fire'), JSON.stringify(event), {
      msgID: panelEventKey(hwaddr, seq),
    });
  }

  /** Every RelayRun heard about the site's runs, in the order the worker published them. */
  const runMessagesOf = (hwaddr: string) =>
    heard.filter(
      (entry): entry is Heard & { message: { type: 'RelayRun'; data: LivefeedRelayRunData } } =>
        entry.message.type === 'RelayRun' && entry.message.data.run.hwaddr === hwaddr,
    );

  async function storedRun(hwaddr: string): Promise<RelayActionRunEntity> {
    return environment.database.dataSource.getRepository(RelayActionRunEntity).findOneByOrFail({ hwaddr });
  }

  beforeAll(async () => {
    environment = await createTestEnvironment();
    const users = environment.database.dataSource.getRepository(UserEntity);
    ownerId = (await users.save({ email: 'relay-owner@example.com', fullName: 'Owner', passwordHash: 'x' })).id;
    neighbourId = (await users.save({ email: 'neighbour@example.com', fullName: 'Neighbour', passwordHash: 'x' })).id;
    worker = (
      await startRelayWorkerTestApp(environment, {
        RELAY_SECRET_KEY: SECRET_KEY,
        RELAY_ALLOWED_TARGETS: '127.0.0.1',
        RELAY_JOB_ATTEMPTS: '2',
        RELAY_JOB_BACKOFF_MS: '100',
        RELAY_CONNECT_TIMEOUT_MS: '1000',
        RELAY_REPLY_TIMEOUT_MS: '1000',
      })
    ).app;
    nats = worker.get(NatsService);
    // Every live subject on the worker's own connection: one subscription, in publishing order.
    await listenForTest(nats, nats.names.subjects.allLive, (message) =>
      heard.push({ subject: message.subject, message: message.json<LivefeedPublishedMessage>() }),
    );
  });

  afterAll(async () => {
    await worker?.close();
    await Promise.all(boards.map((board) => board.stop()));
    await environment?.cleanup();
  });

  it("tells the relay's owner alone that a run started and succeeded, as the runs API lists it", async () => {
    const board = await newBoard(true);
    const { hwaddr, relayId } = await newSite(board);
    await fire(hwaddr, 1);
    await waitUntil(
      () => runMessagesOf(hwaddr).some((entry) => entry.message.data.change === 'succeeded'),
      'the owner to hear the run succeed',
      30_000,
    );
    const messages = runMessagesOf(hwaddr);
    expect(messages.map((entry) => entry.subject)).toEqual([
      nats.names.subjects.liveUser(ownerId),
      nats.names.subjects.liveUser(ownerId),
    ]);
    const stored = await storedRun(hwaddr);
    expect(messages.map((entry) => entry.message.data)).toEqual([
      {
        relayId,
        change: 'started',
        run: { ...toRelayActionRunDto(stored), status: 'pending', finished_at: null },
      },
      { relayId, change: 'succeeded', run: toRelayActionRunDto(stored) },
    ]);
    expect(stored).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(heard.filter((entry) => entry.subject === nats.names.subjects.liveUser(neighbourId))).toEqual([]);
  });

  it('tells each attempt, the failed one that will be retried included, and the failure for good', async () => {
    const board = await newBoard(false);
    const { hwaddr, relayId } = await newSite(board);
    await fire(hwaddr, 1);
    await waitUntil(
      () => runMessagesOf(hwaddr).some((entry) => entry.message.data.change === 'failed'),
      'the owner to hear the run fail',
      30_000,
    );
    const messages = runMessagesOf(hwaddr);
    expect(new Set(messages.map((entry) => entry.subject))).toEqual(new Set([nats.names.subjects.liveUser(ownerId)]));
    expect(
      messages.map(({ message: { data } }) => [data.relayId, data.change, data.run.status, data.run.attempts]),
    ).toEqual([
      [relayId, 'started', 'pending', 1],
      [relayId, 'retrying', 'pending', 1],
      [relayId, 'started', 'pending', 2],
      [relayId, 'failed', 'failed', 2],
    ]);
    expect(messages[1].message.data.run.error).toContain('refused the connection');
    expect(messages[3].message.data.run).toEqual(toRelayActionRunDto(await storedRun(hwaddr)));
    expect(heard.filter((entry) => entry.subject === nats.names.subjects.liveUser(neighbourId))).toEqual([]);
  });
});
