import type { PanelConnectionMessage } from '@app/contracts';
import { PanelEntity } from '@app/database';
import { provisionTestPanel } from '@app/database/testing';
import { NatsService } from '@app/messaging';
import { listenForTest, reconnectNatsForTest } from '@app/messaging/testing';
import { waitUntil } from '@app/testing';
import type { StartedGateway } from '../../../panel-gateway/src/testing/gateway-harness';
import { PanelEvictionService } from '../../../panel-gateway/src/eviction/panel-eviction.service';
import { connectClient } from '../../../panel-gateway/src/testing/test-panels.util';
import { SessionRegistry } from '../../../panel-gateway/src/sessions/session-registry.service';
import { PanelConnectionListener } from '../ingest/panel-connection.listener';
import {
  connectionEntry,
  heldBy,
  multiAddressPanel,
  ownerOf,
  siteOf,
  startPortalWithGatewayCopies,
  type PortalWithGatewayCopies,
} from './gateway-copies-harness';
import { uniqueHwaddr } from './portal-panel-harness';

/** What portal-api publishes on a panel's live subject, as far as these tests read it. */
interface LiveMessage {
  type: string;
  data: { connected?: boolean; at?: string };
}

// Every test makes its own users and panels, so each runs alone and in any order.
describe('a panel moving between two gateway copies (real PostgreSQL, NATS, Redis)', () => {
  let world: PortalWithGatewayCopies;
  let a: StartedGateway;
  let b: StartedGateway;

  beforeAll(async () => {
    world = await startPortalWithGatewayCopies(['gateway-a', 'gateway-b']);
    [a, b] = world.gateways;
  }, 60_000);

  afterAll(() => world?.close());

  it('evicts its connection on copy A once it proves itself on copy B, and stays shown connected, through B', async () => {
    const hwaddr = uniqueHwaddr();
    const deviceSecret = await provisionTestPanel(world.portal.environment.database.dataSource, hwaddr);
    // The panel's connection to A, which stays open on A's side (a link gone dead without A knowing).
    const old = await connectClient(a, { hwaddr, deviceSecret, reconnect: false });
    const closeReasons: string[] = [];
    old.on('close', (reason: string) => closeReasons.push(reason));
    const onA = await heldBy(a.nats, hwaddr, 'gateway-a');
    const token = await ownerOf(world.portal, hwaddr, 'Alice');

    const moved = multiAddressPanel(hwaddr, deviceSecret, [b.port, a.port]);
    world.panels.push(moved);
    moved.start();
    await waitUntil(() => !old.isReady, 'copy A to close the old connection', 30_000);
    expect(closeReasons).toEqual([expect.stringContaining('evicted')]);
    expect(a.app.get(SessionRegistry).get(hwaddr)).toBeUndefined();

    const current = b.app.get(SessionRegistry).get(hwaddr)!;
    expect(current.connectionId).not.toBe(onA.connectionId);
    expect(await heldBy(a.nats, hwaddr, 'gateway-b')).toMatchObject({ connectionId: current.connectionId });
    expect((await siteOf(world.portal, token, hwaddr)).connected).toBe(true);
  });

  it("evicts the connection on copy A once A's NATS link is back when it missed B's report while away", async () => {
    const hwaddr = uniqueHwaddr();
    const deviceSecret = await provisionTestPanel(world.portal.environment.database.dataSource, hwaddr);
    const old = await connectClient(a, { hwaddr, deviceSecret, reconnect: false });
    const closeReasons: string[] = [];
    old.on('close', (reason: string) => closeReasons.push(reason));
    await heldBy(a.nats, hwaddr, 'gateway-a');

    // Copy A's link is down while the panel moves: B's report of the new connection never reaches
    // A's eviction, which finds the panel it is about in A's registry (the handler was bound at start).
    const registry = a.app.get(SessionRegistry);
    const missed: string[] = [];
    const find = registry.get.bind(registry);
    jest.spyOn(registry, 'get').mockImplementation((of) => {
      if (of !== hwaddr) return find(of);
      missed.push(of);
      return undefined;
    });
    try {
      const moved = multiAddressPanel(hwaddr, deviceSecret, [b.port]);
      world.panels.push(moved);
      moved.start();
      await heldBy(a.nats, hwaddr, 'gateway-b');
      await waitUntil(() => missed.length > 0, "B's report to reach A, and be lost there", 30_000);
    } finally {
      jest.restoreAllMocks();
    }

    expect(old.isReady).toBe(true);
    expect(registry.get(hwaddr)).toBeDefined();

    await reconnectNatsForTest(a.nats);
    await waitUntil(() => !old.isReady, 'copy A to close the old connection after its reconnect', 30_000);
    expect(closeReasons).toEqual([expect.stringContaining('evicted')]);
    expect(a.app.get(SessionRegistry).get(hwaddr)).toBeUndefined();
    expect(await heldBy(a.nats, hwaddr, 'gateway-b')).toMatchObject({ connected: true });
  }, 90_000);

  it('keeps a connection held since before the latest report it finds after a reconnect', async () => {
    const hwaddr = uniqueHwaddr();
    const panel = await world.panel(hwaddr, [a.port]);
    panel.start();
    const onA = await heldBy(a.nats, hwaddr, 'gateway-a');
    const session = a.app.get(SessionRegistry).get(hwaddr)!;
    // A report of another connection made before this one was held: what it replaced, not a move.
    const bucket = await a.nats.bucket(a.nats.names.buckets.panelConnections);
    const earlier: PanelConnectionMessage = {
      ...onA,
      gatewayId: 'gateway-b',
      connectionId: 'an-earlier-connection',
      at: new Date(Date.now() - 60_000).toISOString(),
    };
    await bucket.put(hwaddr, JSON.stringify(earlier));

    await a.app.get(PanelEvictionService).recheckHeld();
    expect(a.app.get(SessionRegistry).get(hwaddr)).toBe(session);
    expect(a.app.get(SessionRegistry).heldSince(session)).toBeDefined();
  });

  it("keeps the panel shown connected when copy A's disconnect arrives after copy B's connect", async () => {
    const hwaddr = uniqueHwaddr();
    const panel = await world.panel(hwaddr, [a.port, b.port]);
    panel.start();
    const onA = await heldBy(a.nats, hwaddr, 'gateway-a');
    const token = await ownerOf(world.portal, hwaddr, 'Carol');

    // What portal-api handles for this panel, and what it tells the browsers.
    const listener = world.portal.app.get(PanelConnectionListener);
    const onConnection = listener.onConnection.bind(listener);
    const handled: PanelConnectionMessage[] = [];
    jest.spyOn(listener, 'onConnection').mockImplementation(async (message) => {
      try {
        await onConnection(message);
      } finally {
        if (message.hwaddr === hwaddr) handled.push(message);
      }
    });
    const portalNats = world.portal.app.get(NatsService);
    const live: LiveMessage[] = [];
    const liveFeed = await listenForTest(portalNats, portalNats.names.subjects.live(hwaddr), (message) =>
      live.push(message.json<LiveMessage>()),
    );

    // Copy A is slow to send its disconnect message once it wrote the disconnect to the bucket, as a
    // busy copy can be: the message waits until released.
    const subject = a.nats.names.subjects.panelConnection(hwaddr);
    const publish = a.nats.publishEncoded.bind(a.nats);
    const heldBack: Array<() => void> = [];
    let connectedAgainAt: number | undefined;
    jest.spyOn(a.nats, 'publishEncoded').mockImplementation((to, payload) => {
      if (to === subject && !(JSON.parse(payload) as PanelConnectionMessage).connected)
        heldBack.push(() => publish(to, payload));
      else publish(to, payload);
    });
    try {
      await panel.stop();
      await waitUntil(() => heldBack.length === 1, "copy A's disconnect written and its message held back", 30_000);
      expect(await connectionEntry(a.nats, hwaddr)).toMatchObject({ connected: false, connectionId: onA.connectionId });

      // The panel connects to its next address, B, which reports it connected.
      panel.start();
      await heldBy(a.nats, hwaddr, 'gateway-b');
      await waitUntil(
        () => handled.some((message) => message.connected && message.gatewayId === 'gateway-b'),
        "portal-api to handle copy B's connect",
        30_000,
      );
      // What browsers were told up to B's connect is true of its time: the panel was away (the
      // supervision sweep may have said so from the bucket). What matters is what follows it.
      const connectB = handled.find((message) => message.connected && message.gatewayId === 'gateway-b')!;
      await waitUntil(
        () =>
          live.some(
            (message) => message.type === 'Connection' && message.data.connected && message.data.at === connectB.at,
          ),
        "copy B's connect on the live feed",
        30_000,
      );
      connectedAgainAt = live.findIndex(
        (message) => message.type === 'Connection' && message.data.connected && message.data.at === connectB.at,
      );
      for (const release of heldBack) release();
      await waitUntil(
        () => handled.some((message) => !message.connected),
        "portal-api to handle copy A's late disconnect",
        30_000,
      );
    } finally {
      jest.restoreAllMocks();
    }

    expect((await siteOf(world.portal, token, hwaddr)).connected).toBe(true);
    const row = await world.portal.environment.database.dataSource.getRepository(PanelEntity).findOneBy({ hwaddr });
    expect(row?.connected).toBe(true);
    // A runtime report sent now reaches the live feed after anything portal-api published before it.
    const runtimesBefore = live.filter((message) => message.type === 'Runtime').length;
    panel.reportRuntime(1);
    await waitUntil(
      () => live.filter((message) => message.type === 'Runtime').length > runtimesBefore,
      'the runtime report on the live feed',
      30_000,
    );
    liveFeed.stop();
    expect(connectedAgainAt).toBeGreaterThanOrEqual(0);
    const connectionFlags = live
      .slice(connectedAgainAt)
      .filter((message) => message.type === 'Connection')
      .map(({ data }) => data.connected);
    expect(connectionFlags[0]).toBe(true);
    expect(connectionFlags).not.toContain(false);
  });
});
