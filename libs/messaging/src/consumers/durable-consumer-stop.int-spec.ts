import { NatsConfig } from '@app/config';
import { waitUntil } from '@app/testing';
import { NatsService } from '../nats/nats.service';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { startDurableBatchConsumer } from './durable-batch-consumer';
import { startDurableConsumer } from './durable-consumer';

interface Body {
  n: number;
}

/** Far longer than any wait below: a message that reaches the next copy was handed back, not timed out. */
const ACK_WAIT_MS = 300_000;

jest.setTimeout(60_000);

/**
 * A copy that stops with messages pulled from the server but not started hands them back (nak) at
 * once, so that another copy takes them now rather than after the consumer's ack wait.
 */
describe('durable consumers stopping with messages pulled but not started (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('durable-stop');
  const connections: NatsService[] = [];
  const stoppers: Array<() => Promise<void>> = [];
  let nats: NatsService;
  let hwaddrs = 0;

  async function connect(): Promise<NatsService> {
    const service = await NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix), 'durable-stop-int-spec');
    connections.push(service);
    return service;
  }

  beforeAll(async () => {
    nats = await connect();
  });

  afterAll(async () => {
    await Promise.all(stoppers.map((stop) => stop()));
    await Promise.all(connections.map((service) => service.onApplicationShutdown()));
    await removeNatsPrefix(prefix);
  });

  /** A subject of the test's own (one panel's system events) and its publisher. */
  function panel(): { subject: string; publish: (n: number) => Promise<void> } {
    const hwaddr = `0011aabbcd${String(++hwaddrs).padStart(2, '0')}`;
    const subject = nats.names.subjects.panelEvent(hwaddr, 'system');
    return { subject, publish: async (n) => void (await nats.jetstream.publish(subject, JSON.stringify({ n }))) };
  }

  async function unacked(durable: string): Promise<number> {
    return (await nats.manager.consumers.info(nats.names.streams.panelEvents, durable)).num_ack_pending;
  }

  /** A handler that holds message 1 until released, and notes every message it finished. */
  function holdingFirst(): {
    handler: (n: number) => Promise<void>;
    seen: number[];
    entered: () => boolean;
    release: () => void;
  } {
    let release!: () => void;
    let entered = false;
    const held = new Promise<void>((resolve) => (release = resolve));
    const seen: number[] = [];
    return {
      seen,
      release,
      entered: () => entered,
      handler: async (n) => {
        if (n === 1) {
          entered = true;
          await held;
        }
        seen.push(n);
      },
    };
  }

  it('DurableConsumer hands back the messages that arrived while it handled the last one', async () => {
    const { subject, publish } = panel();
    const durable = 'single-stop';
    const first = holdingFirst();
    const settings = {
      stream: nats.names.streams.panelEvents,
      durable,
      filterSubject: subject,
      ackWaitMs: ACK_WAIT_MS,
    };
    const stopping = await startDurableConsumer<Body>(await connect(), {
      ...settings,
      handler: (body) => first.handler(body.n),
    });
    await publish(1);
    await waitUntil(() => first.entered(), 'message 1 in hand');
    for (const n of [2, 3, 4, 5]) await publish(n);
    await waitUntil(async () => (await unacked(durable)) === 5, 'messages 2 to 5 pulled while message 1 is in hand');

    const stopped = stopping.stop();
    first.release();
    await stopped;
    expect(first.seen).toEqual([1]);

    const seen: number[] = [];
    const next = await startDurableConsumer<Body>(await connect(), {
      ...settings,
      handler: async (body) => void seen.push(body.n),
    });
    stoppers.push(() => next.stop());
    await waitUntil(() => seen.length === 4, 'messages 2 to 5 taken by the next copy', 30_000);
    expect(seen).toEqual([2, 3, 4, 5]);
  });

  it('DurableBatchConsumer hands back the messages that arrived while it handled the last batch', async () => {
    const { subject, publish } = panel();
    const durable = 'batch-stop';
    const first = holdingFirst();
    const settings = {
      stream: nats.names.streams.panelEvents,
      durable,
      filterSubject: subject,
      ackWaitMs: ACK_WAIT_MS,
    };
    const stopping = await startDurableBatchConsumer<Body>(await connect(), {
      ...settings,
      handler: async (bodies) => {
        for (const body of bodies) await first.handler(body.n);
      },
    });
    await publish(1);
    await waitUntil(() => first.entered(), 'message 1 in hand');
    for (const n of [2, 3, 4, 5]) await publish(n);
    await waitUntil(async () => (await unacked(durable)) === 5, 'messages 2 to 5 pulled while message 1 is in hand');

    const stopped = stopping.stop();
    first.release();
    await stopped;
    expect(first.seen).toEqual([1]);

    const seen: number[] = [];
    const next = await startDurableBatchConsumer<Body>(await connect(), {
      ...settings,
      handler: async (bodies) => void seen.push(...bodies.map((body) => body.n)),
    });
    stoppers.push(() => next.stop());
    await waitUntil(() => seen.length === 4, 'messages 2 to 5 taken by the next copy', 30_000);
    expect(seen).toEqual([2, 3, 4, 5]);
  });
});
