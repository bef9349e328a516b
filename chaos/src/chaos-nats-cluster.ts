import { spawnSync } from 'node:child_process';
import {
  clusterStreams,
  CuttableTcpProxy,
  freePort,
  NATS_SERVER_BIN,
  NatsCluster,
  type NatsClusterServer,
} from '@app/testing';

/**
 * The installed nats-server's version, and before 2.10 what the cluster runs found it to lose
 * (docs/reliability.md, "NATS cluster").
 */
export function natsServerNote(): string {
  const answer = spawnSync(NATS_SERVER_BIN, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  const version = /v?(\d+)\.(\d+)\.(\d+)/.exec(answer);
  if (!version) return `${NATS_SERVER_BIN} does not tell its version`;
  const [, major, minor] = version.map(Number);
  const old = major < 2 || (major === 2 && minor < 10);
  return `nats-server ${version.slice(1).join('.')}${
    old
      ? ': before 2.10, a stream leader cut off from the others and healed may come back without what they stored meanwhile, and lose it if it leads again (acked events gone)'
      : ''
  }`;
}

/** The part of a server's /jsz report naming the leaders of its streams and their consumers. */
interface JszStreams {
  account_details?: Array<{
    stream_detail?: Array<{
      name: string;
      state?: { messages?: number; last_seq?: number };
      cluster?: { leader?: string };
      consumer_detail?: Array<{ name: string; cluster?: { leader?: string } }>;
    }>;
  }>;
}

/**
 * The cluster run's three NATS servers (the tests' NatsCluster), each route from one server to
 * another through a proxy of its own, so that a server can be parted from the others (the proxies
 * of its routes severed, both ways) while its clients stay connected to it, and healed again.
 */
export class ChaosNatsCluster {
  private constructor(
    readonly cluster: NatsCluster,
    /** By `${from}>${to}`, the servers' indexes. */
    private readonly routes: ReadonlyMap<string, CuttableTcpProxy>,
  ) {}

  static async start(): Promise<ChaosNatsCluster> {
    const routes = new Map<string, CuttableTcpProxy>();
    try {
      const cluster = await NatsCluster.start({
        name: `chaos-${process.pid}`,
        freePort,
        readyTimeoutMs: 30_000,
        routeAddress: async (from, to, ports) => {
          const proxy = await CuttableTcpProxy.start(ports.cluster);
          routes.set(`${from}>${to}`, proxy);
          return proxy.url;
        },
      });
      return new ChaosNatsCluster(cluster, routes);
    } catch (error) {
      await Promise.all([...routes.values()].map((proxy) => proxy.close()));
      throw error;
    }
  }

  get servers(): NatsClusterServer[] {
    return this.cluster.servers;
  }

  /** NATS_URL: every server. */
  get url(): string {
    return this.cluster.urls.join(',');
  }

  /** Cuts every route of the server, to and from the others, and keeps them cut until `heal`. */
  part(server: NatsClusterServer): void {
    for (const proxy of this.routesOf(server)) proxy.sever();
  }

  heal(server: NatsClusterServer): void {
    for (const proxy of this.routesOf(server)) proxy.restore();
  }

  /**
   * The server leading `stream` by its own report, as `among` (default: the running servers) see
   * it; undefined while none that answers says it leads (an election, a leader just killed).
   */
  async leaderOf(stream: string, among = this.servers.filter((server) => server.running)): Promise<string | undefined> {
    const report = (await clusterStreams(among.map((server) => server.ports.monitor))).find(
      (candidate) => candidate.name === stream,
    );
    return report?.seenByLeader ? report.leader : undefined;
  }

  /**
   * The leader of `stream`, or of its durable `consumer`, as the first of `among` that names one
   * says: a follower names the leader it last heard from, the dead one included until an election.
   */
  async namedLeader(among: NatsClusterServer[], stream: string, consumer?: string): Promise<string | undefined> {
    for (const server of among) {
      const jsz = await server.monitor<JszStreams>('/jsz?accounts=true&streams=true&consumers=true');
      const detail = jsz?.account_details
        ?.flatMap((account) => account.stream_detail ?? [])
        .find((candidate) => candidate.name === stream);
      const copies = consumer
        ? detail?.consumer_detail?.find((candidate) => candidate.name === consumer)?.cluster
        : detail?.cluster;
      if (copies?.leader) return copies.leader;
    }
    return undefined;
  }

  /**
   * What each server holds of `stream`, by its own report ('server: messages/last sequence'), and
   * whether they all agree. Once nothing is published, every copy must hold the same messages.
   */
  async streamCopies(stream: string): Promise<{ copies: string[]; agree: boolean }> {
    const copies = await Promise.all(
      this.servers.map(async (server) => {
        const jsz = await server.monitor<JszStreams>('/jsz?accounts=true&streams=true');
        const state = jsz?.account_details
          ?.flatMap((account) => account.stream_detail ?? [])
          .find((candidate) => candidate.name === stream)?.state;
        return `${server.name}: ${state ? `${state.messages ?? 0}/${state.last_seq ?? 0}` : 'no answer'}`;
      }),
    );
    const held = new Set(copies.map((copy) => copy.split(': ')[1]));
    return { copies, agree: held.size === 1 && !held.has('no answer') };
  }

  /** The names of the clients connected to the server (the apps name their connections), sorted. */
  async clientsOf(server: NatsClusterServer): Promise<string[]> {
    const connz = await server.monitor<{ connections?: Array<{ name?: string }> }>('/connz?limit=1024');
    return (connz?.connections ?? []).map((connection) => connection.name || 'unnamed').sort();
  }

  /** How many peers the server reports routes up to (undefined when it does not answer). */
  routeCount(server: NatsClusterServer): Promise<number | undefined> {
    return server.routedPeers();
  }

  async remove(): Promise<void> {
    await this.cluster.remove();
    await Promise.all([...this.routes.values()].map((proxy) => proxy.close()));
  }

  private routesOf(server: NatsClusterServer): CuttableTcpProxy[] {
    const index = String(this.servers.indexOf(server));
    return [...this.routes].filter(([key]) => key.split('>').includes(index)).map(([, proxy]) => proxy);
  }
}
