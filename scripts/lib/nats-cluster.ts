// A real NATS cluster of local nats-server processes (routes on loopback, JetStream on each), for
// `npm run cluster` and for the tests that need several servers (replicated streams, a server's
// loss, a leader election; they import it from @app/testing). Node's modules only and no syntax
// Node cannot strip, so the scripts run it as it is and Jest compiles it like the rest.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How long a test waits for a stream's new leader after killing its leader: several elections. */
export const ELECTION_TIMEOUT_MS = 45_000;

/**
 * The nats-server release the portal runs and deploys (deploy/base/nats, docker-compose): tests,
 * `npm start`, `npm run cluster` and the chaos run use it too, Debian's package of it unpacked into
 * .data/nats-server by scripts/lib/nats-server-release.ts. A Debian 12 machine's own nats-server is
 * 2.9.10, which loses acknowledged messages after a partition (docs/reliability.md).
 */
export const NATS_SERVER_RELEASE = {
  version: '2.15.1',
  /** In Debian's pool (deb.debian.org/debian/pool/main/n/nats-server/), checked against `sha256`. */
  debianPackage: 'nats-server_2.15.1-1_amd64.deb',
  sha256: '31ef4ceaa84e8248d449e508472e3770c17c3695cb5cb0ee96e03912724ea884',
} as const;

/** Where the release's program is once unpacked (paths from the project's folder, where npm runs). */
export const RELEASE_NATS_SERVER = join(
  process.cwd(),
  '.data',
  'nats-server',
  NATS_SERVER_RELEASE.version,
  'usr',
  'sbin',
  'nats-server',
);

/** The nats-server program: NATS_SERVER_BIN, else the release when unpacked, else the installed one. */
export const NATS_SERVER_BIN =
  process.env.NATS_SERVER_BIN ?? (existsSync(RELEASE_NATS_SERVER) ? RELEASE_NATS_SERVER : '/usr/sbin/nats-server');

export interface NatsClusterPorts {
  /** Where clients connect. */
  client: number;
  /** Where the other servers' routes connect. */
  cluster: number;
  /** The HTTP monitoring endpoint (/healthz, /jsz), which tells when JetStream is ready. */
  monitor: number;
}

export interface NatsClusterOptions {
  /** Servers in the cluster (3). */
  size?: number;
  /** The cluster's name, also the prefix of its servers' names (`<name>-1` …). */
  name?: string;
  /** Parent folder of the servers' stores and logs; a temporary folder (removed by `remove`) when absent. */
  dataDir?: string;
  /** Ports per server; free ports when absent. */
  ports?: NatsClusterPorts[];
  /**
   * Where free ports come from when `ports` is absent: tests pass @app/testing's freePort, which
   * takes them below the range of outgoing connections' ports, from their worker's band. The default
   * takes what listening on port 0 gives, a port of that range: while other work opens connections,
   * one of them can take it before the server binds it, and the server stops at once.
   */
  freePort?: () => Promise<number>;
  /** The nats-server program (NATS_SERVER_BIN above). */
  program?: string;
  /** More arguments for every server, e.g. ['-c', 'scripts/nats/jetstream-sync.conf']. */
  extraArgs?: string[];
  /** How long `start` waits for the cluster to elect its JetStream meta leader (20 s). */
  readyTimeoutMs?: number;
  /** Told when a server's process ends, whoever ended it. */
  onExit?: (server: NatsClusterServer, code: number | null, signal: NodeJS.Signals | null) => void;
  /**
   * Where server `from` reaches the routes of server `to` (indexes from 0), e.g. a proxy a test can
   * cut to part a server from the others; their route ports themselves when absent. When given, the
   * servers advertise a route address nothing answers at (ROUTE_ADDRESS_UNUSED): a server told of
   * another by gossip (when a route comes up) would otherwise connect to the address that server
   * advertises, round the way given here.
   */
  routeAddress?: (from: number, to: number, toPorts: NatsClusterPorts) => string | Promise<string>;
}

/** The route address servers advertise when routes go only the ways given (a port nothing listens on). */
export const ROUTE_ADDRESS_UNUSED = '127.0.0.1:1';

/** What a server reports of one stream's or consumer's copies. */
interface JszCluster {
  leader?: string;
  replicas?: Array<{ name: string; current: boolean }>;
}

/** The part of a server's /jsz?accounts=true&streams=true&consumers=true&config=true report about its streams. */
interface JszStreams {
  account_details?: Array<{
    stream_detail?: Array<{
      name: string;
      config?: { num_replicas?: number };
      state?: { messages?: number };
      cluster?: JszCluster;
      consumer_detail?: Array<{ name: string; cluster?: JszCluster }>;
    }>;
  }>;
}

/** A stream as the cluster reports it: copies asked for, its leader, and its followers. */
export interface StreamReplicas {
  name: string;
  /** config.num_replicas */
  replicas: number;
  /** Undefined while it has none (an election). */
  leader: string | undefined;
  followers: Array<{ name: string; current: boolean }>;
  messages: number;
  /** False when only followers answered: their report names the leader but cannot say who is current. */
  seenByLeader: boolean;
  /**
   * How many servers' reports name that leader. A server just back names none until it hears from
   * the leader, while the leader may still count it current from before it went.
   */
  agreeing: number;
}

/** A durable consumer as the cluster reports it; it keeps as many copies as its stream. */
export interface ConsumerReplicas {
  stream: string;
  name: string;
  replicas: number;
  leader: string | undefined;
  followers: Array<{ name: string; current: boolean }>;
  seenByLeader: boolean;
  agreeing: number;
}

/**
 * Keeps, per key, the report of the server that leads (the one that does not list the leader among
 * the replicas): only the leader knows whether its followers are current. A follower's report is
 * kept only while the leader's is missing.
 */
class LeaderReports<T extends { seenByLeader: boolean; leader: string | undefined; agreeing: number }> {
  private readonly reports = new Map<string, T>();
  /** Per key, how many reports named each leader. */
  private readonly named = new Map<string, Map<string | undefined, number>>();

  offer(
    key: string,
    cluster: JszCluster | undefined,
    make: (copies: Omit<StreamReplicas, 'name' | 'replicas' | 'messages' | 'agreeing'>) => Omit<T, 'agreeing'>,
  ): void {
    const leader = cluster?.leader || undefined;
    const named = this.named.get(key) ?? new Map<string | undefined, number>();
    this.named.set(key, named.set(leader, (named.get(leader) ?? 0) + 1));
    const replicas = cluster?.replicas ?? [];
    const byLeader = leader !== undefined && !replicas.some((peer) => peer.name === leader);
    if (this.reports.get(key)?.seenByLeader || (this.reports.has(key) && !byLeader)) return;
    const followers = replicas.filter((peer) => peer.name !== leader).map(({ name, current }) => ({ name, current }));
    this.reports.set(key, { ...make({ leader, followers, seenByLeader: byLeader }), agreeing: 0 } as T);
  }

  values(): T[] {
    return [...this.reports].map(([key, report]) => ({
      ...report,
      agreeing: this.named.get(key)?.get(report.leader) ?? 0,
    }));
  }
}

/** Every stream and durable consumer the servers behind `monitorPorts` hold, from their monitoring reports. */
async function clusterReports(
  monitorPorts: number[],
): Promise<{ streams: StreamReplicas[]; consumers: ConsumerReplicas[] }> {
  const streams = new LeaderReports<StreamReplicas>();
  const consumers = new LeaderReports<ConsumerReplicas>();
  const path = '/jsz?accounts=true&streams=true&consumers=true&config=true';
  const reports = await Promise.all(monitorPorts.map((port) => monitorReport<JszStreams>(port, path)));
  for (const jsz of reports) {
    for (const detail of jsz?.account_details?.flatMap((account) => account.stream_detail ?? []) ?? []) {
      const replicas = detail.config?.num_replicas ?? 1;
      streams.offer(detail.name, detail.cluster, (copies) => ({
        name: detail.name,
        replicas,
        messages: detail.state?.messages ?? 0,
        ...copies,
      }));
      for (const consumer of detail.consumer_detail ?? [])
        consumers.offer(`${detail.name} ${consumer.name}`, consumer.cluster, (copies) => ({
          stream: detail.name,
          name: consumer.name,
          replicas,
          ...copies,
        }));
    }
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { streams: streams.values().sort(byName), consumers: consumers.values() };
}

/**
 * Every stream the servers behind `monitorPorts` hold, from their monitoring reports (no JetStream
 * request, so no wait while a stream has no leader). Only the leader knows whether its followers are
 * current: its report wins over a follower's, which is used only while the leader's is missing.
 */
export async function clusterStreams(monitorPorts: number[]): Promise<StreamReplicas[]> {
  return (await clusterReports(monitorPorts)).streams;
}

/** Whether a stream's or consumer's copies are whole: a leader that answers and every copy current. */
function whole(copies: {
  replicas: number;
  leader: string | undefined;
  followers: Array<{ current: boolean }>;
  seenByLeader: boolean;
  agreeing: number;
}): boolean {
  return (
    copies.leader !== undefined &&
    copies.seenByLeader &&
    copies.agreeing >= copies.replicas &&
    copies.followers.length === copies.replicas - 1 &&
    copies.followers.every((peer) => peer.current)
  );
}

/** A server's monitoring report at `path` (e.g. '/jsz'), or undefined when it does not answer. */
export async function monitorReport<T>(port: number, path: string): Promise<T | undefined> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2000) });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

/** One server of the cluster: started, stopped, killed and started again on the same ports and store. */
export class NatsClusterServer {
  readonly name: string;
  readonly ports: NatsClusterPorts;
  readonly storeDir: string;
  readonly logFile: string;
  private readonly program: string;
  private readonly args: string[];
  private readonly onExit: NatsClusterOptions['onExit'];
  private child: ChildProcess | undefined;

  constructor(
    name: string,
    ports: NatsClusterPorts,
    dataDir: string,
    program: string,
    args: string[],
    onExit?: NatsClusterOptions['onExit'],
  ) {
    this.name = name;
    this.program = program;
    this.onExit = onExit;
    this.ports = ports;
    this.storeDir = join(dataDir, name);
    this.logFile = join(dataDir, `${name}.log`);
    this.args = args;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.ports.client}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  /** Starts the process (again); `NatsCluster.waitReady` tells when it has joined. */
  start(): void {
    if (this.running) return;
    mkdirSync(this.storeDir, { recursive: true });
    // Its own process group: a Ctrl-C meant for the parent does not reach it before the apps stop.
    const child = spawn(this.program, [...this.args, '-sd', this.storeDir, '-l', this.logFile], {
      stdio: 'ignore',
      detached: true,
    });
    child.on('error', () => undefined);
    child.once('exit', (code, signal) => this.onExit?.(this, code, signal));
    this.child = child;
  }

  /** A clean shutdown (SIGTERM), waiting for the exit. */
  stop(timeoutMs = 15_000): Promise<void> {
    return this.end('SIGTERM', timeoutMs);
  }

  /** A crash (SIGKILL): nothing flushed, no goodbye to the other servers. */
  kill(): Promise<void> {
    return this.end('SIGKILL', 15_000);
  }

  /** Ends the process at once without waiting (a parent on its way out). */
  killNow(): void {
    if (this.running) this.child?.kill('SIGKILL');
  }

  /** The server's monitoring report at `path` (e.g. '/jsz'), or undefined when it does not answer. */
  monitor<T>(path: string): Promise<T | undefined> {
    return monitorReport<T>(this.ports.monitor, path);
  }

  /**
   * How many other servers this one has a route up to (undefined when it does not answer). By peer,
   * not by connection: from 2.10 a server keeps a pool of routes to each peer (num_routes counts them all).
   */
  async routedPeers(): Promise<number | undefined> {
    const routez = await this.monitor<{ routes?: Array<{ remote_name?: string; remote_id?: string }> }>('/routez');
    if (!routez) return undefined;
    return new Set((routez.routes ?? []).map((route) => route.remote_name || route.remote_id)).size;
  }

  /** JetStream is up on this server and it knows the meta leader of a cluster of `size` servers. */
  async ready(size: number): Promise<boolean> {
    return (await this.notReady(size)) === undefined;
  }

  /** What this server lacks to be ready (see `ready`), or undefined when it is. */
  async notReady(size: number): Promise<string | undefined> {
    if (!this.running) return 'not running';
    const jsz = await this.monitor<{ meta_cluster?: { leader?: string; cluster_size?: number } }>('/jsz');
    if (!jsz) return 'no JetStream report';
    const meta = jsz.meta_cluster;
    if (!meta?.leader) return 'no meta leader';
    if ((meta.cluster_size ?? 0) < size) return `a cluster of ${meta.cluster_size ?? 0} of ${size}`;
    if ((await this.monitor<{ status?: string }>('/healthz')) === undefined) return 'not healthy';
    return undefined;
  }

  /** The last `count` lines of the server's log (empty when it has none yet). */
  logTail(count: number): string[] {
    try {
      return readFileSync(this.logFile, 'utf8').trimEnd().split('\n').slice(-count);
    } catch {
      return [];
    }
  }

  /** How the process ended ('exit code 1', 'signal SIGKILL'), or undefined while it runs or before it started. */
  get ended(): string | undefined {
    const child = this.child;
    if (!child || this.running) return undefined;
    return child.signalCode ? `signal ${child.signalCode}` : `exit code ${child.exitCode}`;
  }

  private end(signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill(signal);
    });
  }
}

export class NatsCluster {
  readonly name: string;
  readonly dataDir: string;
  readonly servers: NatsClusterServer[];
  private readonly ownsDataDir: boolean;
  private readonly readyTimeoutMs: number;
  private readonly killOnExit = () => {
    for (const server of this.servers) server.killNow();
  };

  private constructor(
    name: string,
    dataDir: string,
    ownsDataDir: boolean,
    servers: NatsClusterServer[],
    ready: number,
  ) {
    this.name = name;
    this.dataDir = dataDir;
    this.ownsDataDir = ownsDataDir;
    this.servers = servers;
    this.readyTimeoutMs = ready;
  }

  /** Starts every server and waits until the cluster has a JetStream meta leader all of them know. */
  static async start(options: NatsClusterOptions = {}): Promise<NatsCluster> {
    const size = options.size ?? 3;
    const name = options.name ?? `nats-test-${process.pid}`;
    const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'nats-cluster-'));
    const ports: NatsClusterPorts[] = [];
    const port = options.freePort ?? anyFreePort;
    for (let index = 0; index < size; index++) {
      ports.push(options.ports?.[index] ?? { client: await port(), cluster: await port(), monitor: await port() });
    }
    const servers: NatsClusterServer[] = [];
    for (const [index, own] of ports.entries()) {
      const serverName = `${name}-${index + 1}`;
      const routes: string[] = [];
      for (const [other, theirs] of ports.entries()) {
        if (other === index) continue;
        routes.push(
          options.routeAddress
            ? await options.routeAddress(index, other, theirs)
            : `nats://127.0.0.1:${theirs.cluster}`,
        );
      }
      const args = [
        ...(options.extraArgs ?? []),
        '-a',
        '127.0.0.1',
        '-p',
        String(own.client),
        '-n',
        serverName,
        '--cluster_name',
        name,
        '-cluster',
        `nats://127.0.0.1:${own.cluster}`,
        '-routes',
        routes.join(','),
        ...(options.routeAddress ? ['--cluster_advertise', ROUTE_ADDRESS_UNUSED] : []),
        '-m',
        String(own.monitor),
        '-js',
      ];
      servers.push(
        new NatsClusterServer(serverName, own, dataDir, options.program ?? NATS_SERVER_BIN, args, options.onExit),
      );
    }
    const cluster = new NatsCluster(
      name,
      dataDir,
      options.dataDir === undefined,
      servers,
      options.readyTimeoutMs ?? 20_000,
    );
    // Whatever ends the parent, no server of its cluster outlives it.
    process.once('exit', cluster.killOnExit);
    for (const server of servers) server.start();
    try {
      await cluster.waitReady();
    } catch (error) {
      // The servers' logs are the evidence of why, and the folder holding them goes with the cluster.
      const logs = servers.flatMap((server) => [`${server.name}:`, ...server.logTail(15).map((line) => `  ${line}`)]);
      await cluster.remove();
      throw new Error(`${(error as Error).message}\nthe servers' last log lines:\n${logs.join('\n')}`, {
        cause: error,
      });
    }
    return cluster;
  }

  /** Every server's client URL, the form of NATS_URL. */
  get urls(): string[] {
    return this.servers.map((server) => server.url);
  }

  server(name: string): NatsClusterServer {
    const server = this.servers.find((candidate) => candidate.name === name);
    if (!server) throw new Error(`no server ${name} in cluster ${this.name}`);
    return server;
  }

  /**
   * Waits until every running server reports JetStream up with a meta leader; with servers stopped,
   * the ones left still need a majority of the whole cluster to elect one.
   */
  async waitReady(timeoutMs = this.readyTimeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const running = this.servers.filter((server) => server.running);
      const states: Array<string | undefined> = await Promise.all(
        running.map((server) => server.notReady(this.servers.length)),
      );
      if (running.length > 0 && !states.some((state) => state !== undefined)) {
        // Every server up: ready once the meta leader hears from each (a stream can then be placed).
        if (running.length < this.servers.length || (await this.metaGroupCurrent())) return;
        states[0] = 'the meta leader does not hear from every server yet';
      }
      if (Date.now() > deadline) {
        const waiting = running.flatMap((server, index) => (states[index] ? [`${server.name}: ${states[index]}`] : []));
        const ended = this.servers.flatMap((server) =>
          server.ended ? [`${server.name} ended (${server.ended})`] : [],
        );
        throw new Error(
          `NATS cluster ${this.name} not ready within ${timeoutMs} ms (${[...ended, ...waiting].join('; ') || 'no server running'}; logs in ${this.dataDir})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The server leading `stream` as the running servers report it; undefined during an election. */
  async streamLeader(stream: string): Promise<string | undefined> {
    return (await clusterStreams(this.runningMonitors())).find((candidate) => candidate.name === stream)?.leader;
  }

  /**
   * Waits until a server other than `former` leads `stream`, and names it. An election takes 4 to
   * 9 s on nats-server 2.9 (its Raft timeouts); a split vote starts another, and on a busy machine
   * late heartbeats can do the same, hence the generous default.
   */
  async waitStreamLeaderOtherThan(stream: string, former: string, timeoutMs = ELECTION_TIMEOUT_MS): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const leader = await this.streamLeader(stream);
      if (leader !== undefined && leader !== former) return leader;
      if (Date.now() > deadline)
        throw new Error(
          `no server but ${former} leads ${stream} within ${timeoutMs} ms (${leader ?? 'none'} does; logs in ${this.dataDir})`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The server leading the durable `consumer` of `stream`; undefined during an election. */
  async consumerLeader(stream: string, consumer: string): Promise<string | undefined> {
    const { consumers } = await clusterReports(this.runningMonitors());
    return consumers.find((candidate) => candidate.stream === stream && candidate.name === consumer)?.leader;
  }

  /**
   * What keeps the cluster from being whole and current, one line each (none when it is): a server
   * not running or not ready, a stream or consumer without a leader that answers, or a copy missing
   * or behind.
   */
  async notCurrent(): Promise<string[]> {
    const waiting: string[] = [];
    for (const server of this.servers)
      if (!(await server.ready(this.servers.length))) waiting.push(`${server.name} not ready`);
    if (waiting.length > 0) return waiting;
    if (!(await this.metaGroupCurrent())) waiting.push('JetStream meta group not current');
    const { streams, consumers } = await clusterReports(this.runningMonitors());
    for (const stream of streams) if (!whole(stream)) waiting.push(`stream ${stream.name} not current`);
    for (const consumer of consumers)
      if (!whole(consumer)) waiting.push(`consumer ${consumer.stream} ${consumer.name} not current`);
    return waiting;
  }

  /**
   * Whether the meta group's leader hears from every other server: until it does, a stream of as many
   * copies as servers cannot be placed ('no suitable peers for placement'). Its leader's report tells
   * (a follower's lists the others too from 2.10 on, the one it does not hear from as not current).
   */
  private async metaGroupCurrent(): Promise<boolean> {
    const metas = await Promise.all(
      this.servers.map((server) => server.monitor<{ meta_cluster?: JszCluster & { peer?: string } }>('/jsz')),
    );
    const meta = metas
      .map((report) => report?.meta_cluster)
      .find((candidate, index) => candidate?.leader === this.servers[index].name);
    const followers = meta?.replicas ?? [];
    return followers.length === this.servers.length - 1 && followers.every((peer) => peer.current);
  }

  /** Waits until every server is running and ready and every stream and consumer has all its copies current. */
  async waitCurrent(timeoutMs = this.readyTimeoutMs): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const waiting = await this.notCurrent();
      if (waiting.length === 0) return;
      if (Date.now() > deadline)
        throw new Error(`NATS cluster ${this.name} not current within ${timeoutMs} ms: ${waiting.join('; ')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  private runningMonitors(): number[] {
    return this.servers.filter((server) => server.running).map((server) => server.ports.monitor);
  }

  /** Stops every server cleanly. */
  async stop(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.stop()));
    process.removeListener('exit', this.killOnExit);
  }

  /** Stops every server and, when the cluster made its own temporary folder, removes it. */
  async remove(): Promise<void> {
    await this.stop();
    if (this.ownsDataDir) rmSync(this.dataDir, { recursive: true, force: true });
  }
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on now: what port 0 gives. Scripts cannot import
 * @app/testing's freePort (see NatsClusterOptions.freePort).
 */
function anyFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
