import { createServer, type AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { ConsumerConfig, NatsConfig, RuntimeConfig } from '@app/config';
import { ALERT_EVENTS, type PanelEventMessage } from '@app/contracts';
import { createDataSource, DeadLettersRepository } from '@app/database';
import { createTestDatabase, type TestDatabase } from '@app/database/testing';
import { Clock, MetricsService } from '@app/platform';
import { waitUntil } from '@app/testing';
import { checkedJson } from '../consumers/checked-json.util';
import { PartitionedConsumers } from '../consumers/partitioned-consumers';
import { startDurableBatchConsumer, type DurableBatchConsumer } from '../consumers/durable-batch-consumer';
import { startDurableConsumer, type DurableConsumer, type DurableConsumerOptions } from '../consumers/durable-consumer';
import { NatsService } from '../nats/nats.service';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { DeadLetters } from './dead-letters.service';

interface Body {
  n: number;
  text: string;
}

interface DeadLetterRow {
  consumer: string;
  stream: string;
  subject: string;
  stream_seq: string;
  payload: Buffer;
  error: string;
  delivery_count: number;
  first_failed_at: Date;
  last_failed_at: Date;
}

const MAX_DELIVERIES = 3;

/**
 * The dead-lettering every durable consumer of the apps shares (portal-api's ingest, relay-worker's
 * and mailer's alert consumers), on real NATS with JetStream and a real PostgreSQL: the failures
 * come from the database itself.
 */
describe('dead letters of the durable consumers (real NATS, PostgreSQL)', () => {
  const prefix = uniqueTestName('deadletters');
  let nats: NatsService;
  let database: TestDatabase;
  let metrics: MetricsService;
  let deadLetters: DeadLetters;
  /** A database no server answers for: its errors are those of an outage. */
  let unreachable: DataSource;
  const stoppers: Array<() => Promise<void>> = [];
  let durables = 0;

  beforeAll(async () => {
    nats = await NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix), 'dead-letters-int-spec');
    database = await createTestDatabase();
    await database.dataSource.query('CREATE TABLE scratch (n integer PRIMARY KEY, text text NOT NULL)');
    metrics = new MetricsService(new RuntimeConfig('dead-letters-int-spec', 'test', 'silent', 0));
    deadLetters = new DeadLetters(
      new DeadLettersRepository(database.dataSource),
      new ConsumerConfig(MAX_DELIVERIES, 60_000),
      new Clock(),
      metrics,
    );
    unreachable = createDataSource({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/portal`, poolSize: 1 });
  });

  afterAll(async () => {
    await Promise.all(stoppers.map((stop) => stop()));
    await nats.onApplicationShutdown();
    await removeNatsPrefix(prefix);
    await database.drop();
  });

  const subjectOf = (hwaddr: string) => nats.names.subjects.panelEvent(hwaddr, 'system');
  const publish = (hwaddr: string, raw: string) => nats.jetstream.publish(subjectOf(hwaddr), raw);
  const publishBody = (hwaddr: string, body: Body) => publish(hwaddr, JSON.stringify(body));
  /** The stored rows of the scratch table: what the handlers committed. */
  const stored = async (): Promise<number[]> =>
    (await database.dataSource.query<Array<{ n: number }>>('SELECT n FROM scratch ORDER BY n')).map((row) => row.n);
  const lettersOf = (consumer: string) =>
    database.dataSource.query<DeadLetterRow[]>('SELECT * FROM dead_letters WHERE consumer = $1 ORDER BY stream_seq', [
      consumer,
    ]);
  const deadLetterCount = async (consumer: string) =>
    (await metrics.registry.getSingleMetric('consumer_dead_letters_total')!.get()).values.find(
      (value) => value.labels.consumer === consumer,
    )?.value ?? 0;
  const settled = async (durable: string) => {
    const info = await nats.manager.consumers.info(nats.names.streams.panelEvents, durable);
    return info.num_pending === 0 && info.num_ack_pending === 0;
  };

  /** Stores one body; PostgreSQL refuses a text holding U+0000 (SQLSTATE 22021). */
  const storeOne = async (body: Body) =>
    void (await database.dataSource.query('INSERT INTO scratch (n, text) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      body.n,
      body.text,
    ]));
  /** Stores bodies in one statement, as portal-api stores a batch of events. */
  const storeAll = async (bodies: Body[]) =>
    void (await database.dataSource.query(
      'INSERT INTO scratch (n, text) SELECT * FROM unnest($1::integer[], $2::text[]) ON CONFLICT DO NOTHING',
      [bodies.map((body) => body.n), bodies.map((body) => body.text)],
    ));

  async function single(
    hwaddr: string,
    handler: DurableConsumerOptions<Body>['handler'],
    stallWindowMs?: number,
  ): Promise<{ durable: string; consumer: DurableConsumer<Body> }> {
    const durable = `single${++durables}`;
    const consumer = await startDurableConsumer<Body>(nats, {
      stream: nats.names.streams.panelEvents,
      durable,
      filterSubject: subjectOf(hwaddr),
      ackWaitMs: 2000,
      retryDelayMs: () => 50,
      deadLetters,
      stallWindowMs,
      handler,
    });
    stoppers.push(() => consumer.stop());
    return { durable, consumer };
  }

  async function batched(
    hwaddr: string,
    handler: (bodies: Body[]) => Promise<void>,
  ): Promise<{ durable: string; consumer: DurableBatchConsumer<Body> }> {
    const durable = `batch${++durables}`;
    const consumer = await startDurableBatchConsumer<Body>(nats, {
      stream: nats.names.streams.panelEvents,
      durable,
      filterSubject: subjectOf(hwaddr),
      maxBatch: 50,
      // Long enough for a whole burst to arrive in one batch.
      maxWaitMs: 200,
      ackWaitMs: 2000,
      retryDelayMs: () => 50,
      deadLetters,
      handler,
    });
    stoppers.push(() => consumer.stop());
    return { durable, consumer };
  }

  it('dead-letters a message the database keeps refusing after the bound, while the others are stored', async () => {
    const { durable } = await single('0011aabbdd01', storeOne);
    await publishBody('0011aabbdd01', { n: 101, text: 'before' });
    const poison = JSON.stringify({ n: 102, text: 'zone\u0000one' });
    const poisonAck = await publish('0011aabbdd01', poison);
    await publishBody('0011aabbdd01', { n: 103, text: 'after' });

    await waitUntil(
      async () => (await lettersOf(durable)).length === 1 && (await settled(durable)),
      'the poison dead-lettered and everything acked',
    );
    expect(await stored()).toEqual(expect.arrayContaining([101, 103]));
    expect(await stored()).not.toContain(102);
    const [letter] = await lettersOf(durable);
    expect(letter).toMatchObject({
      consumer: durable,
      stream: nats.names.streams.panelEvents,
      subject: subjectOf('0011aabbdd01'),
      stream_seq: String(poisonAck.seq),
      delivery_count: MAX_DELIVERIES,
      error: expect.stringContaining('0x00'),
    });
    expect(letter.payload.toString('utf8')).toBe(poison);
    expect(letter.first_failed_at.getTime()).toBeLessThanOrEqual(letter.last_failed_at.getTime());
    expect(await deadLetterCount(durable)).toBe(1);
  });

  it('dead-letters a payload that is not JSON at its first delivery', async () => {
    const { durable } = await single('0011aabbdd02', storeOne);
    await publish('0011aabbdd02', '{not json');
    await publishBody('0011aabbdd02', { n: 201, text: 'readable' });
    await waitUntil(
      async () => (await lettersOf(durable)).length === 1 && (await stored()).includes(201),
      'the unreadable one set aside, the next stored',
    );
    const [letter] = await lettersOf(durable);
    expect(letter).toMatchObject({ delivery_count: 1, error: expect.stringContaining('UndecodableMessageError') });
    expect(letter.payload.toString('utf8')).toBe('{not json');
  });

  it('retries a message without limit while the database is unreachable, and dead-letters nothing', async () => {
    let deliveries = 0;
    const { durable } = await single('0011aabbdd03', async (body, info) => {
      deliveries = info.deliveryCount;
      // The database away until the message has come far more often than the bound allows.
      if (info.deliveryCount <= MAX_DELIVERIES * 2) await unreachable.initialize();
      await storeOne(body);
    });
    await publishBody('0011aabbdd03', { n: 301, text: 'during the outage' });
    await waitUntil(async () => (await stored()).includes(301), 'stored once the database answers');
    expect(deliveries).toBe(MAX_DELIVERIES * 2 + 1);
    expect(await lettersOf(durable)).toEqual([]);
    expect(await deadLetterCount(durable)).toBe(0);
  });

  it('stores the rest of a batch the database refused for one of its messages, and dead-letters that one', async () => {
    const batches: number[] = [];
    const { durable } = await batched('0011aabbdd04', async (bodies) => {
      batches.push(bodies.length);
      await storeAll(bodies);
    });
    await Promise.all([
      ...[401, 402, 403].map((n) => publishBody('0011aabbdd04', { n, text: `event ${n}` })),
      publishBody('0011aabbdd04', { n: 404, text: '\u0000' }),
      ...[405, 406, 407].map((n) => publishBody('0011aabbdd04', { n, text: `event ${n}` })),
    ]);
    await waitUntil(
      async () => (await lettersOf(durable)).length === 1 && (await settled(durable)),
      'the poison dead-lettered and everything acked',
    );
    expect((await stored()).filter((n) => n > 400 && n < 500)).toEqual([401, 402, 403, 405, 406, 407]);
    const [letter] = await lettersOf(durable);
    expect(letter).toMatchObject({
      delivery_count: MAX_DELIVERIES,
      payload: Buffer.from(JSON.stringify({ n: 404, text: '\u0000' })),
    });
    // The first attempt took the whole burst at once; the good ones were stored without waiting for the bad one's retries.
    expect(batches[0]).toBeGreaterThan(1);
  });

  it('retries a whole batch while the database is unreachable, dead-letters nothing, and stores it all after', async () => {
    let attempts = 0;
    const { durable } = await batched('0011aabbdd05', async (bodies) => {
      attempts += 1;
      if (attempts <= MAX_DELIVERIES * 2) await unreachable.initialize();
      await storeAll(bodies);
    });
    await Promise.all([501, 502, 503].map((n) => publishBody('0011aabbdd05', { n, text: `event ${n}` })));
    await waitUntil(
      async () => (await stored()).filter((n) => n > 500 && n < 600).length === 3 && (await settled(durable)),
      'the batch stored once the database answers',
    );
    expect(await lettersOf(durable)).toEqual([]);
  });

  it('keeps a message it could not record as a dead letter, and records it once the database is back', async () => {
    await database.dataSource.query('ALTER TABLE dead_letters RENAME TO dead_letters_away');
    let renamedBack = false;
    try {
      const { durable } = await single('0011aabbdd06', storeOne);
      await publishBody('0011aabbdd06', { n: 601, text: '\u0000' });
      // Well past the bound, the message is still outstanding: never acked without its record.
      await waitUntil(
        async () =>
          (await nats.manager.consumers.info(nats.names.streams.panelEvents, durable)).num_redelivered > 0 &&
          (await deliveriesOf(durable)) > MAX_DELIVERIES + 2,
        'delivered past the bound',
      );
      expect(await settled(durable)).toBe(false);
      await database.dataSource.query('ALTER TABLE dead_letters_away RENAME TO dead_letters');
      renamedBack = true;
      await waitUntil(
        async () => (await lettersOf(durable)).length === 1 && (await settled(durable)),
        'recorded and acked',
      );
    } finally {
      if (!renamedBack) await database.dataSource.query('ALTER TABLE dead_letters_away RENAME TO dead_letters');
    }
  });

  const deliveriesOf = async (durable: string) =>
    (await nats.manager.consumers.info(nats.names.streams.panelEvents, durable)).delivered.consumer_seq;

  it('reports a consumer stalled while a message waits and nothing is acked for the window, and receiving again after', async () => {
    let away = true;
    const { consumer } = await single(
      '0011aabbdd07',
      async (body) => {
        if (away) await unreachable.initialize();
        await storeOne(body);
      },
      1000,
    );
    await expect(consumer.assertReceiving()).resolves.toBeUndefined();
    await publishBody('0011aabbdd07', { n: 701, text: 'stuck' });
    const failing = () =>
      consumer.assertReceiving().then(
        () => null,
        (error: Error) => error.message,
      );
    const reason = await waitUntil(failing, 'reported stalled');
    expect(reason).toMatch(/^consumer single\d+ stalled: 1 unacked and 0 waiting/);
    away = false;
    await waitUntil(async () => (await failing()) === null, 'reported receiving once the message is stored');
    expect(await stored()).toContain(701);
  });

  it('dead-letters through the alert consumers that relay-worker and mailer run', async () => {
    const handled: number[] = [];
    // As @AlertConsumers reads them (ALERT_EVENTS of @app/contracts).
    const consumers = await PartitionedConsumers.start(nats, {
      stream: nats.names.streams[ALERT_EVENTS.stream],
      partitions: ALERT_EVENTS.partitions,
      filterSubject: (category) => nats.names.subjects[ALERT_EVENTS.filterSubject](category),
      decode: checkedJson(ALERT_EVENTS.check),
      durable: (category) => `alerts-${category}`,
      deliverFrom: 'new',
      retryDelayMs: () => 50,
      deadLetters,
      handler: async (event: PanelEventMessage) => {
        // As relay-worker and mailer do: the event's data goes to the database (a lookup, a job record).
        await database.dataSource.query('SELECT $1::text AS hwaddr, $2::text AS title', [event.hwaddr, event.title]);
        handled.push(event.seq);
      },
    });
    stoppers.push(() => consumers.stop());
    const fire = (seq: number, title = 'Fire') =>
      nats.jetstream.publish(
        nats.names.subjects.panelEvent('0011aabbdd08', 'fire'),
        JSON.stringify({
          hwaddr: '0011aabbdd08',
          seq,
          networkId: 1,
          category: 'fire',
          title,
          location: '',
          panelDate: new Date().toISOString(),
          receivedAt: new Date().toISOString(),
        }),
      );
    await fire(1);
    // Within the contract, but the database refuses it: dead-lettered at the bound.
    await fire(2, 'Fire\u0000');
    // Outside the contract: dead-lettered at once.
    await nats.jetstream.publish(
      nats.names.subjects.panelEvent('0011aabbdd08', 'fire'),
      JSON.stringify({ hwaddr: '0011aabbdd08', seq: 'three' }),
    );
    await fire(4);
    await waitUntil(
      async () => (await lettersOf('alerts-fire')).length === 2 && handled.length === 2,
      'the poison fires dead-lettered, the others handled',
    );
    expect(handled).toEqual([1, 4]);
    const letters = await lettersOf('alerts-fire');
    expect(letters.map((letter) => [letter.delivery_count, letter.subject])).toEqual(
      expect.arrayContaining([
        [MAX_DELIVERIES, nats.names.subjects.panelEvent('0011aabbdd08', 'fire')],
        [1, nats.names.subjects.panelEvent('0011aabbdd08', 'fire')],
      ]),
    );
    expect(letters.find((letter) => letter.delivery_count === 1)?.error).toContain('bad seq');
  });
});

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
