import { NatsConfig } from '@app/config';
import type { PanelEventMessage } from '@app/contracts';
import { MetricsService } from '@app/platform';
import type { PanelLinkClient } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { PrivateNatsServer } from './testing/private-nats-server';
import { readStream } from './testing/stream-reader.util';
import { connectClient } from './testing/test-panels.util';

describe('events survive a NATS outage (private nats-server)', () => {
  let server: PrivateNatsServer;
  let gateway: StartedGateway;
  let panel: PanelLinkClient;

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    gateway = await startGateway(new NatsConfig([server.url], ''), { publishTimeoutMs: 300 });
    panel = await connectClient(gateway);
  }, 20_000);

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await server?.remove();
  });

  async function metric(name: string): Promise<number> {
    const values = (await gateway.app.get(MetricsService).registry.getSingleMetric(name)!.get()).values;
    return values.reduce((sum, value) => sum + value.value, 0);
  }
  const retries = () => metric('panel_gateway_publish_retries_total');
  const pausedPanels = () => metric('panel_gateway_paused_panels');

  const sendEvents = (count: number, label: string) => {
    for (let i = 0; i < count; i++)
      panel.sendEvent({
        networkId: 1,
        category: i % 2 ? 'fault' : 'fire',
        title: `${label} ${i}`,
        date: '2026-11-21T07:30:00Z',
        location: `Zone ${i % 8}`,
      });
  };

  it('stops acking while NATS is down, keeps nothing lost, and stores every event exactly once after', async () => {
    sendEvents(10, 'before');
    await waitUntil(() => panel.unacked.length === 0, 'the first events acked');

    await server.stop();
    // More than the gateway queues before it stops reading from the panel.
    sendEvents(100, 'during');
    await waitUntil(async () => (await retries()) > 0, 'the gateway to find NATS gone');
    expect(panel.unacked.length).toBe(100);
    expect(panel.isReady).toBe(true);
    // More queued than the gateway holds: it stopped reading from the panel, and counts it.
    await waitUntil(async () => (await pausedPanels()) === 1, 'the gateway to stop reading from the panel');

    await server.resume();
    sendEvents(10, 'after');
    await waitUntil(() => panel.unacked.length === 0, 'every event acked after NATS returned', 30_000);
    expect(await pausedPanels()).toBe(0);

    const stored = await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents);
    const seqs = stored.map((event) => event.seq);
    expect(seqs).toHaveLength(120);
    expect(new Set(seqs).size).toBe(120);
    expect(Math.min(...seqs)).toBe(1);
    expect(Math.max(...seqs)).toBe(120);
    expect(stored.filter((event) => event.title.startsWith('during'))).toHaveLength(100);
  }, 45_000);
});
