import { AckPolicy } from '@nats-io/jetstream';
import { NatsConfig } from '@app/config';
import { waitUntil } from '@app/testing';
import { ensureNatsTopology } from '../nats/nats-topology.util';
import { NatsService } from '../nats/nats.service';
import { rawConnection } from '../nats/raw-connection.util';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { DurableConsumer, startDurableConsumer, type DurableConsumerOptions } from './durable-consumer';

interface Body {
  n: number;
}

describe('DurableConsumer (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('durable');
  let nats: NatsService;
  const connections: NatsService[] = [];
  const consumers: DurableConsumer<Body>[] = [];
  let durableCount = 0;

  async function connect(): Promise<NatsService> {
    const service = await NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix), 'durable-int-spec');
    connections.push(service);
    return service;
  }

  /** A durable of its own per test, on the panel events stream, reading one panel's events only. */
  function options(
    hwaddr: string,
    handler: DurableConsumerOptions<Body>['handler'],
    durable = `d${++durableCount}`,
  ): DurableConsumerOptions<Body> {
    return {
      stream: nats.names.streams.panelEvents,
      durable,
      filterSubject: nats.names.subjects.panelEvent(hwaddr, 'system'),
      handler,
      retryDelayMs: () => 50,
    };
  }

  async function start(on: NatsService, consumerOptions: DurableConsumerOptions<Body>): Promise<DurableConsumer<Body>> {
    const consumer = await startDurableConsumer(on, consumerOptions);
    consumers.push(consumer);
    return consumer;
  }

  async function publish(hwaddr: string, n: number): Promise<void> {
    await nats.jetstream.publish(nats.names.subjects.panelEvent(hwaddr, 'system'), JSON.stringify({ n }));
  }

  async function pendingOf(durable: string): Promise<{ pending: number; unacked: number }> {
    const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, durable);
    return { pending: info.num_pending, unacked: info.num_ack_pending };
  }

  beforeAll(async () => {
    nats = await connect();
  });

  afterAll(async () => {
    await Promise.all(consumers.map((consumer) => consumer.stop()));
    await Promise.all(connections.map((service) => service.onApplicationShutdown()));
    await removeNatsPrefix(prefix);
  });

  it('hands every message to the handler in order and acks it', async () => {
    const seen: number[] = [];
    const durable = 'in-order';
    await start(
      nats,
      options('0011aabbcc01', async (body) => void seen.push(body.n), durable),
    );
    for (const n of [1, 2, 3]) await publish('0011aabbcc01', n);
    await waitUntil(() => seen.length === 3, 'three messages handled');
    expect(seen).toEqual([1, 2, 3]);
    await waitUntil(async () => {
      const state = await pendingOf(durable);
      return state.pending === 0 && state.unacked === 0;
    }, 'every message acked');
  });

  it('brings a consumer left by an older version onto its filter, keeping its position', async () => {
    const durable = 'older-filter';
    // What an older version created: the same durable, filtering another panel's subject.
    await nats.manager.consumers.add(nats.names.streams.panelEvents, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      filter_subject: nats.names.subjects.panelEvent('0011aabbcc0f', 'system'),
    });
    // Published while the older consumer was in place: after its position, so still to be handled.
    await publish('0011aabbcc0e', 6);
    const seen: number[] = [];
    await start(
      nats,
      options('0011aabbcc0e', async (body) => void seen.push(body.n), durable),
    );
    await publish('0011aabbcc0e', 7);
    await waitUntil(() => seen.length === 2, 'both messages on the new filter handled');
    expect(seen).toEqual([6, 7]);
    const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, durable);
    expect(info.config.filter_subject).toBe(nats.names.subjects.panelEvent('0011aabbcc0e', 'system'));
  });

  it('redelivers a message whose handler failed, until it succeeds', async () => {
    const deliveries: number[] = [];
    let failuresLeft = 2;
    await start(
      nats,
      options('0011aabbcc02', async (_body, info) => {
        deliveries.push(info.deliveryCount);
        if (failuresLeft-- > 0) throw new Error('not now');
      }),
    );
    await publish('0011aabbcc02', 1);
    await waitUntil(() => deliveries.length === 3, 'a third delivery');
    expect(deliveries).toEqual([1, 2, 3]);
  });

  it('drops a message it cannot read instead of retrying it forever', async () => {
    const seen: number[] = [];
    const durable = 'unreadable';
    await start(
      nats,
      options('0011aabbcc03', async (body) => void seen.push(body.n), durable),
    );
    await nats.jetstream.publish(nats.names.subjects.panelEvent('0011aabbcc03', 'system'), 'not json');
    await publish('0011aabbcc03', 7);
    await waitUntil(() => seen.length === 1, 'the readable message', 30_000);
    await waitUntil(async () => (await pendingOf(durable)).unacked === 0, 'nothing left unacked');
    expect(seen).toEqual([7]);
  });

  it('shares one durable between copies: each message handled once', async () => {
    const seen: number[] = [];
    const durable = 'shared';
    const handler = async (body: Body) => void seen.push(body.n);
    await start(nats, options('0011aabbcc04', handler, durable));
    await start(await connect(), options('0011aabbcc04', handler, durable));
    for (let n = 1; n <= 20; n++) await publish('0011aabbcc04', n);
    await waitUntil(() => seen.length >= 20, 'twenty messages handled');
    await waitUntil(async () => (await pendingOf(durable)).unacked === 0, 'every message acked');
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('stops after the message in hand; a restarted copy resumes where it stopped', async () => {
    const durable = 'restart';
    const seen: number[] = [];
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    const first = await start(
      nats,
      options(
        '0011aabbcc05',
        async (body) => {
          if (body.n === 1) await firstHeld;
          seen.push(body.n);
        },
        durable,
      ),
    );
    await publish('0011aabbcc05', 1);
    await waitUntil(async () => (await pendingOf(durable)).unacked === 1, 'the first message in hand');
    const stopping = first.stop();
    releaseFirst();
    await stopping;
    expect(seen).toEqual([1]);
    await publish('0011aabbcc05', 2);

    await start(
      await connect(),
      options('0011aabbcc05', async (body) => void seen.push(body.n), durable),
    );
    await waitUntil(() => seen.length === 2, 'the second message after the restart');
    expect(seen).toEqual([1, 2]);
  });

  describe('a durable consumer deleted on the server', () => {
    const deleteDurable = (durable: string) => nats.manager.consumers.delete(nats.names.streams.panelEvents, durable);

    it('is recreated, and what was published while it was gone is still handled, once', async () => {
      const seen: number[] = [];
      const durable = 'deleted';
      await start(nats, {
        ...options('0011aabbcc06', async (body) => void seen.push(body.n), durable),
        deliverFrom: 'new',
      });
      await publish('0011aabbcc06', 1);
      await waitUntil(
        async () => seen.length === 1 && (await pendingOf(durable)).unacked === 0,
        'the first message acked',
      );

      await deleteDurable(durable);
      await publish('0011aabbcc06', 2);
      await publish('0011aabbcc06', 3);
      await waitUntil(() => seen.length === 3, 'the messages published while the consumer was gone');
      expect(seen).toEqual([1, 2, 3]);
    });

    it('is recreated from a message naked for a later retry, so that one is not skipped', async () => {
      const seen: number[] = [];
      let refusedOnce = false;
      const durable = 'deleted-naked';
      await start(nats, {
        ...options(
          '0011aabbcc07',
          async (body) => {
            if (body.n === 1 && !refusedOnce) {
              refusedOnce = true;
              throw new Error('relay database away');
            }
            seen.push(body.n);
          },
          durable,
        ),
        deliverFrom: 'new',
        // Far beyond the test: only the recreated consumer can bring it back in time.
        retryDelayMs: () => 600_000,
      });
      await publish('0011aabbcc07', 1);
      await publish('0011aabbcc07', 2);
      await waitUntil(() => refusedOnce && seen.includes(2), 'the first refused and the second handled');

      await deleteDurable(durable);
      await waitUntil(() => seen.includes(1), 'the refused message delivered again by the recreated consumer');
      expect(seen.filter((n) => n === 1)).toHaveLength(1);
    });
  });

  it('reports itself not receiving while it cannot consume, and receiving again once it can', async () => {
    // On a prefix of its own: the stream deleted below is no other test's.
    const ownPrefix = uniqueTestName('durablehealth');
    const own = await NatsService.connect(new NatsConfig([TEST_NATS_URL], ownPrefix), 'durable-int-spec-health');
    connections.push(own);
    try {
      const consumer = await start(own, {
        stream: own.names.streams.panelEvents,
        durable: 'health',
        filterSubject: own.names.subjects.panelEvent('0011aabbcc08', 'system'),
        handler: async () => undefined,
        retryDelayMs: () => 50,
      });
      await expect(consumer.assertReceiving()).resolves.toBeUndefined();
      // With the stream itself gone, the consumer cannot be recreated until the stream is back. The
      // server tells a waiting pull at once; a pull it missed learns from two missed heartbeats.
      await own.manager.streams.delete(own.names.streams.panelEvents);
      await waitUntil(
        () =>
          consumer.assertReceiving().then(
            () => false,
            () => true,
          ),
        'the consumer to report that it receives nothing',
        40_000,
      );
      await expect(consumer.assertReceiving()).rejects.toThrow(/no longer receiving/);

      await ensureNatsTopology(rawConnection(own), own.manager, own.names);
      // Retries back off (250 ms doubling), so coming back may take a few seconds.
      await waitUntil(
        () =>
          consumer.assertReceiving().then(
            () => true,
            () => false,
          ),
        'the consumer to receive again',
        40_000,
      );
    } finally {
      await removeNatsPrefix(ownPrefix);
    }
  }, 120_000);
});
