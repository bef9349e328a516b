import type { StreamInfo } from '@nats-io/jetstream';
import { NatsConfig, type NatsStreamReplicas } from '@app/config';
import { freePort, NatsCluster, waitUntil } from '@app/testing';
import { ensureDurableConsumer } from '../consumers/ensure-durable-consumer.util';
import { removeNatsPrefix, TEST_NATS_URL, uniqueTestName } from '../testing';
import { NatsService } from './nats.service';

/** Whether a stream (or consumer) has `replicas` copies, the leader and every follower current. */
function replicated(info: Pick<StreamInfo, 'cluster'>, replicas: number): boolean {
  const cluster = info.cluster;
  const followers = cluster?.replicas ?? [];
  return Boolean(cluster?.leader) && followers.length === replicas - 1 && followers.every((peer) => peer.current);
}

describe('stream and bucket replicas (NATS_STREAM_REPLICAS) on a real three-server cluster', () => {
  let cluster: NatsCluster;
  const services: NatsService[] = [];

  async function connect(replicas: NatsStreamReplicas): Promise<NatsService> {
    const service = await NatsService.connect(new NatsConfig(cluster.urls, '', replicas), 'replicas-int-spec');
    services.push(service);
    return service;
  }

  async function stop(): Promise<void> {
    await Promise.all(services.splice(0).map((service) => service.onApplicationShutdown()));
  }

  beforeAll(async () => {
    cluster = await NatsCluster.start({ name: uniqueTestName('replicas'), freePort });
  });

  afterAll(async () => {
    await stop();
    await cluster?.remove();
  });

  it('keeps one copy by default, then three after a restart with 3, existing data, consumers and buckets included', async () => {
    const first = await connect(1);
    const { streams, buckets } = first.names;
    const allStreams = [
      streams.panelEvents,
      streams.panelConfig,
      ...[buckets.panelConnections, buckets.panelRuntime, buckets.gateways].map((bucket) => `KV_${bucket}`),
    ];
    for (const stream of allStreams) {
      const info = await first.manager.streams.info(stream);
      expect({ stream, replicas: info.config.num_replicas, followers: info.cluster?.replicas ?? [] }).toEqual({
        stream,
        replicas: 1,
        followers: [],
      });
    }
    // Data and a durable consumer (as the apps create them) from the single-copy days.
    const ack = await first.jetstream.publish(
      first.names.subjects.panelEvent('00a0b1c2d3e4', 'fire'),
      JSON.stringify({ seq: 1 }),
      { msgID: '00a0b1c2d3e4-1' },
    );
    await (await first.bucket(buckets.panelConnections)).put('00a0b1c2d3e4', '{"connected":true}');
    await ensureDurableConsumer(first, { stream: streams.panelEvents, durable: 'portal-api' });
    await stop();

    // Copies of the apps booting together, all asking for three.
    const [again] = await Promise.all([connect(3), connect(3), connect(3)]);
    for (const stream of allStreams) {
      const info = await waitUntil(async () => {
        const now = await again.manager.streams.info(stream);
        return replicated(now, 3) ? now : undefined;
      }, `${stream} with 3 current replicas`);
      expect(info.config.num_replicas).toBe(3);
    }
    // The consumer sets no count of its own: it follows its stream.
    await waitUntil(
      async () => replicated(await again.manager.consumers.info(streams.panelEvents, 'portal-api'), 3),
      'the durable consumer with 3 current replicas',
    );
    expect((await again.manager.streams.getMessage(streams.panelEvents, { seq: ack.seq }))?.json()).toEqual({
      seq: 1,
    });
    expect((await (await again.bucket(buckets.panelConnections)).get('00a0b1c2d3e4'))?.string()).toBe(
      '{"connected":true}',
    );
    const resend = await again.jetstream.publish(
      again.names.subjects.panelEvent('00a0b1c2d3e4', 'fire'),
      JSON.stringify({ seq: 1 }),
      { msgID: '00a0b1c2d3e4-1' },
    );
    expect(resend).toMatchObject({ duplicate: true, seq: ack.seq });
  });

  it('starts copies together on streams none has yet, with 3 copies, each asking again what got no answer', async () => {
    // As the apps of a new cluster deployment do: a copy's request about a stream another copy is
    // creating right then gets no answer (nats-server 2.9), most times; it is sent again.
    const config = new NatsConfig(cluster.urls, uniqueTestName('together'), 3);
    const copies = await Promise.all([1, 2, 3].map(() => NatsService.connect(config, 'replicas-int-spec')));
    services.push(...copies);
    const info = await copies[0].manager.streams.info(copies[0].names.streams.panelEvents);
    expect(info.config.num_replicas).toBe(3);
  });

  it('refuses to boot on a single server asked for 3 copies, naming the stream and the variable', async () => {
    const prefix = uniqueTestName('replicas');
    try {
      await expect(
        NatsService.connect(new NatsConfig([TEST_NATS_URL], prefix, 3), 'replicas-int-spec'),
      ).rejects.toThrow(`NATS stream ${prefix}_PANEL_EVENTS with 3 replica(s) (NATS_STREAM_REPLICAS):`);
    } finally {
      await removeNatsPrefix(prefix);
    }
  });
});
