import { join } from 'node:path';
import { NatsConfig } from '@app/config';
import type { PanelCommandReply } from '@app/contracts';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { runInLogContext } from '@app/platform';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../../apps/panel-gateway/src/testing/gateway-harness';
import { fleetSlices } from './fleet-cluster.util';
import { FleetWorkers } from './fleet-workers';

const SOURCE_LOADER = join(__dirname, '..', '..', 'chaos', 'src', 'testing', 'source-apps.register.js');
const WORKER_ARGS = [
  '--require',
  SOURCE_LOADER,
  '-e',
  `require(${JSON.stringify(join(__dirname, 'panel-fleet-worker.ts'))}).runPanelFleetWorker()`,
];

describe('FleetWorkers (client processes, two real gateway copies)', () => {
  const prefix = uniqueTestName('fleet');
  let database: TestDatabase;
  const gateways: StartedGateway[] = [];
  let fleet: FleetWorkers | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const gatewayId of ['copy-a', 'copy-b'])
      gateways.push(await startGateway(new NatsConfig([TEST_NATS_URL], prefix), { gatewayId }, { url: database.url }));
  }, 60_000);

  afterAll(async () => {
    await fleet?.stop();
    for (const gateway of gateways) await gateway.close();
    await database.drop();
    await removeNatsPrefix(prefix);
  });

  it('holds its panels over the copies, routes commands to them and moves them with the old connection evicted', async () => {
    const [a, b] = gateways;
    fleet = new FleetWorkers(fleetSlices(12, 6, 2), WORKER_ARGS);
    const hwaddrs = await fleet.create(0xd2, [a.port, b.port], a.dataSource);
    expect(hwaddrs).toHaveLength(12);
    expect(await fleet.connect(30_000, 0.5)).toBe(6);
    expect(await fleet.connect(30_000)).toBe(12);
    expect((await fleet.status()).byPort).toEqual({ [a.port]: 6, [b.port]: 6 });

    // Panel 0 starts on copy a: a command through NATS reaches it there, under its correlation id
    // (the message's headers carry the scope's).
    const reply = await runInLogContext({ correlationId: 'fleet-cmd-1' }, () =>
      a.nats.request<PanelCommandReply>(
        a.nats.names.subjects.panelCommand(hwaddrs[0]),
        { hwaddr: hwaddrs[0], networkId: 1, command: { kind: 'syncClock', time: new Date().toISOString() } },
        { timeoutMs: 8000 },
      ),
    );
    expect(reply.kind === 'ok' && reply.body.ok).toBe(true);
    expect(await fleet.receivedCommands()).toEqual([
      { correlationId: 'fleet-cmd-1', hwaddr: hwaddrs[0], port: a.port },
    ]);

    const outcomes = await fleet.move([hwaddrs[0], hwaddrs[2]], b.port, 20_000);
    expect(outcomes).toHaveLength(2);
    for (const outcome of outcomes) {
      expect(outcome.ready).toBe(true);
      expect(outcome.oldCloseReason).toMatch(/^evicted/);
    }
    await waitUntil(async () => (await fleet!.status()).byPort[b.port] === 8, 'copy b holding the moved panels');
    expect((await fleet.status()).byPort).toEqual({ [a.port]: 4, [b.port]: 8 });
    const entry = await (await b.nats.bucket(b.nats.names.buckets.panelConnections)).get(hwaddrs[0]);
    expect(entry?.json<{ gatewayId: string; connected: boolean }>()).toMatchObject({
      gatewayId: 'copy-b',
      connected: true,
    });
  }, 120_000);
});
