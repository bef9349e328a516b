import { NatsConfig } from '@app/config';
import type { NatsConnection } from '@nats-io/transport-node';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { START_REQUEST_TIMEOUT_MS } from './jetstream-elections.util';
import { NatsService } from './nats.service';
import { rawConnection } from './raw-connection.util';

describe('NatsService (real NATS with JetStream)', () => {
  const prefix = uniqueTestName('nats');
  const config = new NatsConfig([TEST_NATS_URL], prefix);
  const services: NatsService[] = [];

  async function connect(): Promise<NatsService> {
    const service = await NatsService.connect(config, 'nats-int-spec');
    services.push(service);
    return service;
  }

  afterAll(async () => {
    await Promise.all(services.map((service) => service.onApplicationShutdown()));
    await removeNatsPrefix(prefix);
  });

  it('creates the streams and buckets under its prefix, idempotently and concurrently', async () => {
    const [first] = await Promise.all([connect(), connect(), connect()]);
    const again = await connect();

    const streams: string[] = [];
    for await (const name of first.manager.streams.names()) streams.push(name);
    expect(streams).toEqual(
      expect.arrayContaining([
        `${prefix}_PANEL_EVENTS`,
        `${prefix}_PANEL_CONFIG`,
        `KV_${prefix}_PANEL_CONNECTIONS`,
        `KV_${prefix}_PANEL_RUNTIME`,
      ]),
    );
    const info = await again.manager.streams.info(`${prefix}_PANEL_EVENTS`);
    expect(info.config.subjects).toEqual([`${prefix}.panel.*.event.*`]);
  });

  it("waits less for its start's JetStream answers than for the app's own", async () => {
    // On a cluster, a request about a stream another copy is creating or scaling gets no answer at
    // all (nats-server 2.9): the start sends it again after START_REQUEST_TIMEOUT_MS, not 5 s.
    const client = Object.getPrototypeOf(rawConnection(await connect())) as Pick<NatsConnection, 'request'>;
    const request = jest.spyOn(client, 'request');
    try {
      const nats = await connect();
      const starting = request.mock.calls.map(([subject, , options]) => ({ subject, timeout: options?.timeout }));
      expect(starting).toEqual(
        expect.arrayContaining([
          { subject: `$JS.API.STREAM.INFO.${prefix}_PANEL_EVENTS`, timeout: START_REQUEST_TIMEOUT_MS },
          { subject: `$JS.API.STREAM.INFO.KV_${prefix}_PANEL_CONNECTIONS`, timeout: START_REQUEST_TIMEOUT_MS },
        ]),
      );
      expect(starting.filter((call) => call.timeout !== START_REQUEST_TIMEOUT_MS)).toEqual([]);
      request.mockClear();
      await nats.manager.streams.info(nats.names.streams.panelEvents);
      expect(request.mock.calls.map(([, , options]) => options?.timeout)).toEqual([5000]);
    } finally {
      request.mockRestore();
    }
  });

  it('de-duplicates a resent panel event by its message id', async () => {
    const nats = await connect();
    const subject = nats.names.subjects.panelEvent('0011aabbccdd', 'fire');
    const first = await nats.jetstream.publish(subject, '{"seq":1}', { msgID: '0011aabbccdd-1' });
    const resend = await nats.jetstream.publish(subject, '{"seq":1}', { msgID: '0011aabbccdd-1' });
    expect(first.duplicate).toBe(false);
    expect(resend.duplicate).toBe(true);
    expect(resend.seq).toBe(first.seq);
  });

  it('keeps the latest value of a key in a bucket', async () => {
    const nats = await connect();
    const bucket = await nats.bucket(nats.names.buckets.panelConnections);
    await bucket.put('0011aabbccdd', '{"connected":true}');
    await bucket.put('0011aabbccdd', '{"connected":false}');
    expect((await bucket.get('0011aabbccdd'))?.string()).toBe('{"connected":false}');
  });

  it('answers a ping, and drains on shutdown', async () => {
    const nats = await connect();
    await expect(nats.ping()).resolves.toBeUndefined();
    await nats.onApplicationShutdown();
    expect(nats.isClosed()).toBe(true);
    await expect(nats.ping()).rejects.toThrow('connection closed');
  });

  it('fails fast when no server answers', async () => {
    await expect(
      NatsService.connect(new NatsConfig(['nats://127.0.0.1:1'], prefix), 'nats-int-spec'),
    ).rejects.toThrow();
  });
});
