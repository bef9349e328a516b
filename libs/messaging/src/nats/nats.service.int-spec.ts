import { NatsConfig } from '@app/config';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { NatsService } from './nats.service';

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
