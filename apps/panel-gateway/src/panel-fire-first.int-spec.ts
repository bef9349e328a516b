import { NatsConfig } from '@app/config';
import type { EventCategory, PanelEventMessage } from '@app/contracts';
import { MetricsService } from '@app/platform';
import type { PanelLinkClient } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from './testing/gateway-harness';
import { PrivateNatsServer } from './testing/private-nats-server';
import { readStream } from './testing/stream-reader.util';
import { connectClient } from './testing/test-panels.util';

const QUEUED = 30;

/**
 * Fire first in the gateway: events a panel sent while NATS was away wait in its connection's
 * queue; once NATS is back, a fire and a fault sent after them are stored before them, the others
 * all follow in their order, and the panel still gets its acks in the order it sent the events.
 */
describe('a fire ahead of the queued events of its connection (private nats-server)', () => {
  let server: PrivateNatsServer;
  let gateway: StartedGateway;
  let panel: PanelLinkClient;
  const acks: number[] = [];

  beforeAll(async () => {
    server = await PrivateNatsServer.start();
    gateway = await startGateway(new NatsConfig([server.url], ''), { publishTimeoutMs: 300 });
    panel = await connectClient(gateway);
    panel.on('eventAck', (seq: number) => acks.push(seq));
  }, 20_000);

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await server?.remove();
  });

  async function retries(): Promise<number> {
    const metric = await gateway.app
      .get(MetricsService)
      .registry.getSingleMetric('panel_gateway_publish_retries_total')!
      .get();
    return metric.values.reduce((sum, value) => sum + value.value, 0);
  }

  const send = (category: EventCategory, title: string) =>
    panel.sendEvent({ networkId: 1, category, title, date: '2026-11-21T07:30:00Z', location: 'Zone 1' });

  it('stores a fire and a fault before the events queued ahead of them, the others after in order, and acks in the panel order', async () => {
    const before = send('system', 'before');
    await waitUntil(() => panel.unacked.length === 0, 'the first event acked');

    await server.stop();
    const queued = Array.from({ length: QUEUED }, (_, index) =>
      send(index % 2 ? 'service' : 'system', `queued ${index}`),
    );
    await waitUntil(async () => (await retries()) > 0, 'the gateway to find NATS gone');
    const fire = send('fire', 'fire behind the queue');
    const fault = send('fault', 'fault behind the queue');

    await server.resume();
    await waitUntil(() => panel.unacked.length === 0, 'every event acked after NATS returned', 30_000);

    const stored = (await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents)).map(
      (event) => event.seq,
    );
    // Only the event in hand when NATS went away (the first queued) may be stored before the fire.
    expect(stored.slice(0, 2)).toEqual([before, queued[0]]);
    expect(stored.indexOf(fire)).toBe(2);
    expect(stored.indexOf(fault)).toBe(3);
    expect(stored.filter((seq) => queued.includes(seq))).toEqual(queued);
    expect(stored).toHaveLength(QUEUED + 3);
    expect(acks).toEqual([before, ...queued, fire, fault]);
  }, 45_000);
});
