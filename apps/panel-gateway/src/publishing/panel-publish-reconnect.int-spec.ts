import { NatsConfig } from '@app/config';
import type { PanelEventMessage } from '@app/contracts';
import type { PanelLinkClient } from '@app/panel-protocol';
import { CuttableTcpProxy, waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../testing/gateway-harness';
import { PrivateNatsServer } from '../testing/private-nats-server';
import { readStream } from '../testing/stream-reader.util';
import { connectClient } from '../testing/test-panels.util';
import { onPublishRetryWake } from './publish-retry-wake.util';

describe('a publish lost with the NATS connection is tried again when it comes back (private nats-server)', () => {
  // Far longer than the test may wait: an ack must not come from the publish timing out.
  const publishTimeoutMs = 120_000;
  let server: PrivateNatsServer;
  let proxy: CuttableTcpProxy;
  let gateway: StartedGateway;
  let panel: PanelLinkClient;

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    proxy = await CuttableTcpProxy.start(server.port);
    gateway = await startGateway(new NatsConfig([proxy.url], ''), { publishTimeoutMs });
    panel = await connectClient(gateway);
  }, 20_000);

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await proxy?.close();
    await server?.remove();
  });

  const sendEvent = (title: string) =>
    panel.sendEvent({ networkId: 1, category: 'fire', title, date: '2026-11-23T07:30:00Z', location: 'Zone 1' });

  it('acks an event whose publish the server never answered once the connection is back, and stores it once', async () => {
    sendEvent('before the loss');
    await waitUntil(() => panel.unacked.length === 0, 'the first event acked');

    proxy.swallow();
    sendEvent('lost in flight');
    await waitUntil(() => proxy.swallowed.includes('lost in flight'), 'the publish sent and lost');
    proxy.cutAll();

    await waitUntil(() => panel.unacked.length === 0, 'the lost event acked after the reconnect', 30_000);
    const stored = await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents);
    expect(stored.map((event) => event.title)).toEqual(['before the loss', 'lost in flight']);
  }, 60_000);

  it('acks an event sent while NATS is down once the restarted server is back, and stores it once', async () => {
    await server.stop();
    await waitUntil(() => !gateway.nats.isConnected, 'the gateway to see NATS gone');
    sendEvent('sent during the restart');
    await server.resume();

    await waitUntil(() => panel.unacked.length === 0, 'the event acked after the restart', 30_000);
    const stored = await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents);
    expect(stored.map((event) => event.title)).toEqual([
      'before the loss',
      'lost in flight',
      'sent during the restart',
    ]);
  }, 60_000);

  it('wakes the publish retries waiting out their backoff when the connection comes back', async () => {
    let wakes = 0;
    const unsubscribe = onPublishRetryWake(() => (wakes += 1));
    try {
      await server.stop();
      await waitUntil(() => !gateway.nats.isConnected, 'the gateway to see NATS gone');
      expect(wakes).toBe(0);
      await server.resume();
      await waitUntil(() => gateway.nats.isConnected, 'the gateway reconnected', 30_000);
      await waitUntil(() => wakes > 0, 'the retries woken by the reconnect');
    } finally {
      unsubscribe();
    }
  }, 60_000);
});
