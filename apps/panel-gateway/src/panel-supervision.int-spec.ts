import { NatsConfig } from '@app/config';
import type { PanelCommandReply, PanelConnectionMessage } from '@app/contracts';
import { createTestDatabase, provisionTestPanel, type TestDatabase } from '@app/database/testing';
import { listenForTest, removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import type { PanelLinkClient } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { RawPanel } from './testing/raw-panel';
import { connectClient, handshake, randomHwaddr } from './testing/test-panels.util';

describe('one holder per panel, and supervision (real NATS)', () => {
  const prefix = uniqueTestName('gwsup');
  const nats = new NatsConfig([TEST_NATS_URL], prefix);
  let first: StartedGateway;
  let second: StartedGateway;
  // Both copies check panels against one registry, as in a deployment.
  let database: TestDatabase;
  const clients: PanelLinkClient[] = [];

  async function connection(hwaddr: string): Promise<PanelConnectionMessage | undefined> {
    const entry = await (await first.nats.bucket(first.nats.names.buckets.panelConnections)).get(hwaddr);
    return entry ? entry.json<PanelConnectionMessage>() : undefined;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    [first, second] = await Promise.all([
      // The shortest windows a deployment may set: shorter ones would drop healthy panels on a busy machine.
      startGateway(
        nats,
        { gatewayId: 'gateway-a', supervisionWindowMs: 3000, handshakeTimeoutMs: 3000 },
        { url: database.url },
      ),
      startGateway(nats, { gatewayId: 'gateway-b' }, { url: database.url }),
    ]);
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.stop()));
    await Promise.all([first?.close(), second?.close()]);
    await database?.drop();
    await removeNatsPrefix(prefix);
  });

  it('evicts the first connection when the panel connects to a second gateway', async () => {
    const hwaddr = randomHwaddr();
    const deviceSecret = await provisionTestPanel(database.dataSource, hwaddr);
    const old = await connectClient(first, { hwaddr, deviceSecret, reconnect: false });
    clients.push(old);
    const closeReasons: string[] = [];
    old.on('close', (reason: string) => closeReasons.push(reason));
    await waitUntil(async () => (await connection(hwaddr))?.gatewayId === 'gateway-a', 'held by gateway a');

    const answeredBy: string[] = [];
    const replacement = await connectClient(second, {
      hwaddr,
      deviceSecret,
      onCommand: () => {
        answeredBy.push('b');
        return { ok: true };
      },
    });
    clients.push(replacement);
    await waitUntil(() => !old.isReady, 'the old connection to close');
    expect(closeReasons).toEqual([expect.stringContaining('evicted')]);

    const held = (await connection(hwaddr))!;
    expect(held).toMatchObject({ connected: true, gatewayId: 'gateway-b' });
    const reply = await first.nats.request<PanelCommandReply>(
      first.nats.names.subjects.panelCommand(hwaddr),
      {
        hwaddr,
        networkId: 1,
        command: { kind: 'button', action: 'MUTE', data: 'NA' },
      },
      { timeoutMs: 5000 },
    );
    expect(reply).toEqual({ kind: 'ok', body: { ok: true } });
    expect(answeredBy).toEqual(['b']);
    // The evicted connection's end did not report the panel disconnected.
    expect((await connection(hwaddr))?.connected).toBe(true);
  });

  it('evicts an older connection of the same panel on the same gateway without reporting the panel disconnected', async () => {
    const hwaddr = randomHwaddr();
    const deviceSecret = await provisionTestPanel(database.dataSource, hwaddr);
    const old = await RawPanel.connect(second.port);
    await handshake(old, hwaddr, deviceSecret);
    let oldConnectionId: string | undefined;
    await waitUntil(async () => {
      oldConnectionId = (await connection(hwaddr))?.connectionId;
      return oldConnectionId !== undefined;
    }, 'the old connection published');
    // Subscribed on the gateway's own NATS connection, so its messages arrive in the order it sent them.
    const published: PanelConnectionMessage[] = [];
    const subscription = await listenForTest(
      second.nats,
      second.nats.names.subjects.panelConnection(hwaddr),
      (message) => published.push(message.json<PanelConnectionMessage>()),
    );

    const replacement = await connectClient(second, { hwaddr, deviceSecret });
    clients.push(replacement);
    expect((await old.next('close')).reason).toContain('evicted');
    await old.closed();
    await waitUntil(
      () => published.some((message) => message.connected && message.connectionId !== oldConnectionId),
      'the replacement connection published',
    );
    subscription.stop();
    expect(published.filter((message) => !message.connected)).toEqual([]);
  });

  it('disconnects a panel silent past the supervision window and publishes it', async () => {
    const hwaddr = randomHwaddr();
    const panel = await RawPanel.connect(first.port);
    await handshake(panel, hwaddr, await provisionTestPanel(database.dataSource, hwaddr));
    await waitUntil(async () => (await connection(hwaddr))?.connected === true, 'connected');
    expect((await panel.next('close', 30_000)).reason).toBe('supervision timeout');
    await panel.closed();
    await waitUntil(async () => (await connection(hwaddr))?.connected === false, 'published as disconnected', 30_000);
  }, 60_000);

  it('keeps a panel that heartbeats', async () => {
    const client = await connectClient(first);
    clients.push(client);
    const disconnects: unknown[] = [];
    client.on('disconnected', (wasReady) => disconnects.push(wasReady));
    // Ten heartbeats, each a third of a window apart: more than three windows pass.
    let heartbeats = 0;
    client.on('heartbeat', () => (heartbeats += 1));
    await waitUntil(() => heartbeats >= 10, 'ten heartbeats', 45_000);
    expect(disconnects).toEqual([]);
    expect(client.isReady).toBe(true);
  }, 60_000);

  it('closes a connection that never completes the handshake', async () => {
    const panel = await RawPanel.connect(first.port);
    expect((await panel.next('close', 30_000)).reason).toBe('handshake timeout');
    await panel.closed();
  }, 60_000);
});
