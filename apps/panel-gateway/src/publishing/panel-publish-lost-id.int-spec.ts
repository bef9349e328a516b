import { NatsConfig } from '@app/config';
import { panelEventKey, type PanelEventMessage } from '@app/contracts';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '@app/messaging/testing';
import type { PanelLinkClient } from '@app/panel-protocol';
import { waitUntil } from '@app/testing';
import { startGateway, type StartedGateway } from '../testing/gateway-harness';
import { readStream } from '../testing/stream-reader.util';
import { connectClient } from '../testing/test-panels.util';

type Publish = StartedGateway['nats']['jetstream']['publish'];

/**
 * A stream leader that took a store and lost it in a leader change keeps its message id for the whole
 * duplicate window without the message: nats-server answers a resend as a duplicate naming no
 * sequence (or with error 10158). The gateway must not wait on such an id for ever.
 */
describe('an event whose id the stream knows without its message (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('gwlostid');
  let gateway: StartedGateway;
  let panel: PanelLinkClient;

  beforeAll(async () => {
    gateway = await startGateway(new NatsConfig([TEST_NATS_URL], prefix));
    panel = await connectClient(gateway);
  });

  afterAll(async () => {
    await panel?.stop();
    await gateway?.close();
    await removeNatsPrefix(prefix);
  });

  afterEach(() => jest.restoreAllMocks());

  /**
   * Answers every publish of the event titled `title` under its own id as `answer` does, storing
   * nothing, as the leader that kept the id does for the whole duplicate window; records the ids tried.
   */
  function keepIdWithoutMessage(title: string, answer: () => ReturnType<Publish>): string[] {
    const ids: string[] = [];
    const jetstream = gateway.nats.jetstream;
    const publish = jetstream.publish.bind(jetstream) as Publish;
    jest.spyOn(jetstream, 'publish').mockImplementation((subject, payload, options) => {
      const event = JSON.parse(String(payload)) as PanelEventMessage;
      if (event.title !== title) return publish(subject, payload, options);
      ids.push(options!.msgID!);
      return options!.msgID === panelEventKey(event.hwaddr, event.seq) ? answer() : publish(subject, payload, options);
    });
    return ids;
  }

  async function storedTitled(title: string): Promise<PanelEventMessage[]> {
    const all = await readStream<PanelEventMessage>(gateway.nats, gateway.nats.names.streams.panelEvents);
    return all.filter((event) => event.title === title);
  }

  const send = (title: string) =>
    panel.sendEvent({ networkId: 1, category: 'fire', title, date: '2026-11-25T16:30:00Z', location: 'Zone 2' });

  it('stores it again under an id of its own and acks the panel, when the ack names no sequence', async () => {
    const title = 'Detector 7 (id kept, message lost)';
    const ids = keepIdWithoutMessage(title, async () => ({
      stream: gateway.nats.names.streams.panelEvents,
      seq: 0,
      duplicate: true,
      domain: '',
    }));
    const seq = send(title);
    await waitUntil(() => !panel.unacked.some((event) => event.seq === seq), 'the event acked');
    expect(await storedTitled(title)).toHaveLength(1);
    expect(ids[0]).toBe(panelEventKey(panel.hwaddr, seq));
    expect(ids[1]).toMatch(new RegExp(`^${panelEventKey(panel.hwaddr, seq)}:again:\\d+$`));
  });

  it('does the same when the stream answers that the id is in process (10158)', async () => {
    const title = 'Detector 8 (id in process)';
    keepIdWithoutMessage(title, () =>
      Promise.reject(Object.assign(new Error('duplicate message id is in process'), { code: 10158 })),
    );
    const seq = send(title);
    await waitUntil(() => !panel.unacked.some((event) => event.seq === seq), 'the event acked');
    expect(await storedTitled(title)).toHaveLength(1);
  });
});
