import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { CuttableTcpProxy } from './cuttable-tcp-proxy';
import { freePort } from './local-port.util';
import { NatsCluster, type NatsClusterServer } from './nats-cluster';
import { waitUntil } from './wait-until.util';

/** How many peers a server has routes up to now, by its own report. */
function routes(server: NatsClusterServer): Promise<number | undefined> {
  return server.routedPeers();
}

async function routeCounts(cluster: NatsCluster): Promise<Array<number | undefined>> {
  return Promise.all(cluster.servers.map(routes));
}

/**
 * Routes through proxies a test can cut (NatsCluster's routeAddress): cutting the proxies of one
 * server's routes parts it from the others and restoring them heals it, also after a server came
 * back, whose routes' gossip would otherwise lead the others round the proxies.
 */
describe('a NATS cluster with its routes through cuttable proxies', () => {
  let cluster: NatsCluster;
  /** The proxy server `from` reaches server `to` through, by `${from}>${to}`. */
  const proxies = new Map<string, CuttableTcpProxy>();
  const ofServer = (index: number) =>
    [...proxies].filter(([key]) => key.split('>').includes(String(index))).map(([, proxy]) => proxy);

  beforeAll(async () => {
    cluster = await NatsCluster.start({
      name: `routes-${process.pid}`,
      freePort,
      routeAddress: async (from, to, ports) => {
        const proxy = await CuttableTcpProxy.start(ports.cluster);
        proxies.set(`${from}>${to}`, proxy);
        return proxy.url;
      },
    });
  });

  afterAll(async () => {
    await cluster?.remove();
    await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  });

  async function partThenHeal(index: number): Promise<void> {
    for (const proxy of ofServer(index)) proxy.sever();
    const parted = cluster.servers.map((_, other) => (other === index ? 0 : 1));
    await waitUntil(
      async () => JSON.stringify(await routeCounts(cluster)) === JSON.stringify(parted),
      `${cluster.servers[index].name} parted from the others`,
    );
    for (const proxy of ofServer(index)) proxy.restore();
    await waitUntil(async () => (await routeCounts(cluster)).every((count) => count === 2), 'every route back');
  }

  it('parts one server from the others and heals it, also after another server restarted', async () => {
    await waitUntil(async () => (await routeCounts(cluster)).every((count) => count === 2), 'a full mesh');
    await partThenHeal(2);
    // The restarted server's routes come up again and are gossiped to the others.
    await cluster.servers[0].stop();
    cluster.servers[0].start();
    await cluster.waitReady();
    await waitUntil(async () => (await routeCounts(cluster)).every((count) => count === 2), 'a full mesh again');
    await partThenHeal(2);
    await partThenHeal(0);
  });

  it('names the leaders of a stream and its consumer, and tells when a copy is behind', async () => {
    const nc = await connect({ servers: cluster.urls });
    try {
      // After the heals of the test before, the meta group may still be electing (nats-server 2.15):
      // JetStream answers once it has a leader that hears from every server.
      await cluster.waitCurrent();
      const jsm = await waitUntil(() => jetstreamManager(nc).catch(() => undefined), 'JetStream answering', 30_000);
      // The meta leader takes a healed server back as a peer for placement a moment after its routes.
      await waitUntil(
        () => jsm.streams.add({ name: 'ROUTES', subjects: ['routes.>'], num_replicas: 3 }).then(Boolean, () => false),
        'a stream of three copies placed',
      );
      await jsm.consumers.add('ROUTES', { durable_name: 'reader' });
      await cluster.waitCurrent();
      const info = await jsm.consumers.info('ROUTES', 'reader');
      expect(await cluster.consumerLeader('ROUTES', 'reader')).toBe(info.cluster?.leader);
      expect(await cluster.streamLeader('ROUTES')).toBe((await jsm.streams.info('ROUTES')).cluster?.leader);

      const follower = cluster.servers.find((server) => server.name !== info.cluster?.leader)!;
      await follower.kill();
      expect(await cluster.notCurrent()).toEqual([`${follower.name} not ready`]);
      follower.start();
      await cluster.waitCurrent(30_000);
      expect(await cluster.notCurrent()).toEqual([]);
    } finally {
      await nc.close();
    }
  });
});
