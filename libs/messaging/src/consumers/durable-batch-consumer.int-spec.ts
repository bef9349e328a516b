import { NatsConfig } from '@app/config';
import { waitUntil } from '@app/testing';
import { NatsService } from '../nats/nats.service';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { startDurableBatchConsumer, type DurableBatchConsumer } from './durable-batch-consumer';

interface Body {
  n: number;
}

describe('DurableBatchConsumer (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('batch');
  let nats: NatsService;
  const consumers: DurableBatchConsumer<Body>[] = [];
  let durables = 0;

  beforeAll(async () => {
    nats = await NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix), 'batch-int-spec');
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await nats.onApplicationShutdown();
    await removeNatsPrefix(prefix);
  });

  async function start(
    hwaddr: string,
    handler: (bodies: Body[]) => Promise<void>,
    maxBatch = 100,
    maxWaitMs?: number,
  ): Promise<DurableBatchConsumer<Body>> {
    const consumer = await startDurableBatchConsumer<Body>(nats, {
      stream: nats.names.streams.panelEvents,
      durable: `b${++durables}`,
      filterSubject: nats.names.subjects.panelEvent(hwaddr, 'system'),
      maxBatch,
      maxWaitMs,
      ackWaitMs: 2000,
      retryDelayMs: () => 20,
      handler,
    });
    consumers.push(consumer);
    return consumer;
  }

  const publish = (hwaddr: string, count: number, raw?: string) =>
    Promise.all(
      Array.from({ length: count }, (_, index) =>
        nats.jetstream.publish(
          nats.names.subjects.panelEvent(hwaddr, 'system'),
          raw ?? JSON.stringify({ n: index + 1 }),
        ),
      ),
    );

  it('hands a burst over in batches of at most the batch size, in stream order, each message once', async () => {
    const batches: number[][] = [];
    await start('0011aabbcc01', async (bodies) => void batches.push(bodies.map((body) => body.n)));
    await publish('0011aabbcc01', 300);
    await waitUntil(() => batches.flat().length === 300, 'all 300 handled');
    // Each batch ascending and the batches one after another: the stream's order, nothing twice.
    // How many batches depends on how fast the burst arrives, so only the bound is asserted.
    for (const batch of batches)
      expect(batch).toEqual(Array.from({ length: batch.length }, (_, index) => batch[0] + index));
    expect(batches.flat()).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
    expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(100);
  });

  it('hands a full batch over as soon as it is full, without waiting for the window', async () => {
    const batches: number[][] = [];
    // A window far longer than the test: every batch handed over was handed over for being full.
    await start('0011aabbcc0a', async (bodies) => void batches.push(bodies.map((body) => body.n)), 100, 10 * 60_000);
    await publish('0011aabbcc0a', 300);
    await waitUntil(() => batches.flat().length === 300, 'all 300 handled');
    expect(batches).toEqual([0, 100, 200].map((first) => Array.from({ length: 100 }, (_, index) => first + index + 1)));
  });

  it('hands a failed batch over again until it succeeds, acking only then', async () => {
    let attempts = 0;
    const handled: number[] = [];
    await start('0011aabbcc02', async (bodies) => {
      attempts += 1;
      if (attempts < 3) throw new Error('database away');
      handled.push(...bodies.map((body) => body.n));
    });
    await publish('0011aabbcc02', 5);
    await waitUntil(() => handled.length >= 5, 'the batch handled after two failures');
    expect(new Set(handled)).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(attempts).toBeGreaterThanOrEqual(3);
  });

  it('drops a message that is not JSON without blocking the others', async () => {
    const handled: number[] = [];
    await start('0011aabbcc03', async (bodies) => void handled.push(...bodies.map((body) => body.n)));
    await publish('0011aabbcc03', 1, '{not json');
    await publish('0011aabbcc03', 2);
    await waitUntil(() => handled.length === 2, 'the readable messages handled');
    const durable = `b${durables}`;
    await waitUntil(
      async () => (await nats.manager.consumers.info(nats.names.streams.panelEvents, durable)).num_ack_pending === 0,
      'nothing left unacked',
    );
    const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, durable);
    expect(info.num_pending).toBe(0);
  });

  it('recreates its durable consumer when it is deleted on the server, handling what came meanwhile', async () => {
    const handled: number[] = [];
    await start('0011aabbcc04', async (bodies) => void handled.push(...bodies.map((body) => body.n)));
    const durable = `b${durables}`;
    await publish('0011aabbcc04', 1);
    await waitUntil(
      async () =>
        handled.length === 1 &&
        (await nats.manager.consumers.info(nats.names.streams.panelEvents, durable)).num_ack_pending === 0,
      'the first acked',
    );

    await nats.manager.consumers.delete(nats.names.streams.panelEvents, durable);
    await nats.jetstream.publish(nats.names.subjects.panelEvent('0011aabbcc04', 'system'), JSON.stringify({ n: 2 }));
    await waitUntil(() => handled.includes(2), 'the message published while the consumer was gone');
    expect(handled).toEqual([1, 2]);
  });
});
