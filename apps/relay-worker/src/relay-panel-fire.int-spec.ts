import type { INestApplication } from '@nestjs/common';
import { QUEUE_NAMES, relayJobId } from '@app/contracts';
import { ClaimEntity, RelayActionEntity, RelayActionRunEntity, RelayEntity, UserEntity } from '@app/database';
import { NatsService, QueueService } from '@app/messaging';
import { RelayPasswordCipher } from '@app/relay-protocol';
import { createTestEnvironment, waitUntil, type TestEnvironment } from '@app/testing';
import { startGateway, type StartedGateway } from '../../panel-gateway/src/testing/gateway-harness';
import { SimulatedPanel } from '../../../tools/panel-simulator/src/simulated-panel';
import { RelaySimulator } from '../../../tools/relay-simulator/src/relay-simulator';
import { startRelayWorkerTestApp } from './testing/relay-worker-test-app';

const PASSWORD = 'Panel fire relay key: 32 chars!!';
const SECRET_KEY = 'relay-panel-fire-int-spec-secret-key-0123456';
const HWADDR = '0011aabbcc10';

/** The whole alarm path to a relay: panel → gateway → PANEL_EVENTS → relay-worker → board. */
describe('a fire on a simulated panel drives the relay board (real gateway, NATS, Redis, PostgreSQL)', () => {
  let environment: TestEnvironment;
  let worker: INestApplication;
  let gateway: StartedGateway;
  let panel: SimulatedPanel;
  let actionId: number;
  const board = new RelaySimulator({ password: PASSWORD });

  beforeAll(async () => {
    environment = await createTestEnvironment();
    await board.start();
    const dataSource = environment.database.dataSource;
    const user = await dataSource.getRepository(UserEntity).save({ email: 'site-owner@example.com', fullName: 'Site Owner', passwordHash: 'x' });
    await dataSource.getRepository(ClaimEntity).save({ userId: user.id, hwaddr: HWADDR, adminKey: '1234', status: 'AUTHED' });
    const relay = await dataSource.getRepository(RelayEntity).save({
      userId: user.id,
      name: 'Sounder strobe',
      host: '127.0.0.1',
      port: board.port,
      passwordEncrypted: new RelayPasswordCipher(SECRET_KEY).encrypt(PASSWORD),
    });
    const action = await dataSource.getRepository(RelayActionEntity).save({
      relayId: relay.id,
      hwaddr: HWADDR,
      onFire: { relay_1: 1, relay_2: 0, io_1: false, io_2: true, io_3: false, io_4: false },
      onFault: { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false },
    });
    actionId = action.id;
    worker = (await startRelayWorkerTestApp(environment, { RELAY_SECRET_KEY: SECRET_KEY, RELAY_ALLOWED_TARGETS: '127.0.0.1' })).app;
    gateway = await startGateway(environment.natsConfig);
    panel = new SimulatedPanel({ hwaddr: HWADDR, adminKey: '1234', host: '127.0.0.1', port: gateway.port, networkIds: [1], panelType: 'MULTILOOP', firmware: '1.0', cloudControl: true, log: () => undefined });
    panel.start();
    await waitUntil(() => panel.link.isReady, 'the panel connected');
  });

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await worker?.close();
    await board.stop();
    await environment?.cleanup();
  });

  it('pulses relay 1 and switches I/O 2 once, and records the run', async () => {
    panel.report(panel.model.setZone(1, 0, 'fire'));
    const [run] = await waitUntil(async () => {
      const runs = await environment.database.dataSource.getRepository(RelayActionRunEntity).findBy({ hwaddr: HWADDR });
      return runs.length === 1 && runs[0].status === 'succeeded' ? runs : null;
    }, 'the relay run to succeed');
    expect(board.switches.map(({ at: _at, ...rest }) => rest)).toEqual([
      { kind: 'relay', relay: 1, pulseMs: 1000 },
      { kind: 'io', io: 2, on: true },
    ]);
    expect(run).toMatchObject({ trigger: 'fire', attempts: 1, error: null });

    // A fault with nothing configured drives nothing: once the worker has taken the event in.
    panel.report(panel.model.setZone(1, 1, 'fault'));
    await waitUntil(() => panel.link.unacked.length === 0, 'the fault stored in the stream');
    const nats = worker.get(NatsService);
    await waitUntil(async () => {
      const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, nats.names.consumers.relayWorker('fault'));
      return info.num_pending === 0 && info.num_ack_pending === 0 && info.delivered.stream_seq >= 2;
    }, 'the relay-worker to have taken both events');
    // Jobs are stored before their event is acked, so a job for the fault would be in the queue by now.
    const queue = worker.get(QueueService).queue(QUEUE_NAMES.relayActions);
    const fireJobId = relayJobId(HWADDR, run.eventSeq, actionId);
    await waitUntil(async () => (await queue.getJobState(fireJobId)) === 'completed', 'the fire job to complete');
    expect((await queue.getJobs()).map((job) => job.id)).toEqual([fireJobId]);
    const counts = await queue.getJobCounts();
    expect(Object.entries(counts).filter(([, count]) => count > 0)).toEqual([['completed', 1]]);
  });
});
