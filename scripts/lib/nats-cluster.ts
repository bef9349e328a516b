// A real NATS cluster of local nats-server processes (routes on loopback, JetStream on each), for
// `npm run cluster` and for the tests that need several servers (replicated streams, a server's
// loss, a leader election; they import it from @app/testing). Node's modules only and no syntax
// Node cannot strip, so the scripts run it as it is and Jest compiles it like the rest.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NATS_SERVER_BIN = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

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
  /** The nats-server program (NATS_SERVER_BIN, else /usr/sbin/nats-server). */
  program?: string;
  /** More arguments for every server, e.g. ['-c', 'scripts/nats/jetstream-sync.conf']. */
  extraArgs?: string[];
  /** How long `start` waits for the cluster to elect its JetStream meta leader (20 s). */
  readyTimeoutMs?: number;
  /** Told when a server's process ends, whoever ended it. */
  onExit?: (server: NatsClusterServer, code: number | null, signal: NodeJS.Signals | null) => void;
}

/** The part of a server's /jsz?accounts=true&streams=true&config=true report about its streams. */
interface JszStreams {
  account_details?: Array<{
    stream_detail?: Array<{
      name: string;
      config?: { num_replicas?: number };
      state?: { messages?: number };
      cluster?: { leader?: string; replicas?: Array<{ name: string; current: boolean }> };
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
}

/**
 * Every stream the servers behind `monitorPorts` hold, from their monitoring reports (no JetStream
 * request, so no wait while a stream has no leader). Only the leader knows whether its followers are
 * current: its report (the one that does not list the leader among the replicas) wins over a
 * follower's, which is used only while the leader's is missing.
 */
export async function clusterStreams(monitorPorts: number[]): Promise<StreamReplicas[]> {
  const streams = new Map<string, { report: StreamReplicas; byLeader: boolean }>();
  for (const port of monitorPorts) {
    const jsz = await monitorReport<JszStreams>(port, '/jsz?accounts=true&streams=true&config=true');
    for (const detail of jsz?.account_details?.flatMap((account) => account.stream_detail ?? []) ?? []) {
      const leader = detail.cluster?.leader || undefined;
      const replicas = detail.cluster?.replicas ?? [];
      const byLeader = leader !== undefined && !replicas.some((peer) => peer.name === leader);
      if (streams.get(detail.name)?.byLeader || (streams.has(detail.name) && !byLeader)) continue;
      const report: StreamReplicas = {
        name: detail.name,
        replicas: detail.config?.num_replicas ?? 1,
        leader,
        followers: replicas.filter((peer) => peer.name !== leader).map(({ name, current }) => ({ name, current })),
        messages: detail.state?.messages ?? 0,
        seenByLeader: byLeader,
      };
      streams.set(detail.name, { report, byLeader });
    }
  }
  return [...streams.values()].map(({ report }) => report).sort((a, b) => a.name.localeCompare(b.name));
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

  /** JetStream is up on this server and it knows the meta leader of a cluster of `size` servers. */
  async ready(size: number): Promise<boolean> {
    if (!this.running) return false;
    const jsz = await this.monitor<{ meta_cluster?: { leader?: string; cluster_size?: number } }>('/jsz');
    const meta = jsz?.meta_cluster;
    if (!meta?.leader || (meta.cluster_size ?? 0) < size) return false;
    return (await this.monitor<{ status?: string }>('/healthz')) !== undefined;
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
    for (let index = 0; index < size; index++) {
      ports.push(
        options.ports?.[index] ?? { client: await freePort(), cluster: await freePort(), monitor: await freePort() },
      );
    }
    const servers = ports.map((own, index) => {
      const serverName = `${name}-${index + 1}`;
      const routes = ports.filter((other) => other !== own).map((other) => `nats://127.0.0.1:${other.cluster}`);
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
        '-m',
        String(own.monitor),
        '-js',
      ];
      return new NatsClusterServer(serverName, own, dataDir, options.program ?? NATS_SERVER_BIN, args, options.onExit);
    });
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
      await cluster.remove();
      throw error;
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
      const states = await Promise.all(running.map((server) => server.ready(this.servers.length)));
      if (running.length > 0 && states.every(Boolean)) return;
      if (Date.now() > deadline) {
        const waiting = running.filter((_, index) => !states[index]).map((server) => server.name);
        throw new Error(
          `NATS cluster ${this.name} not ready within ${timeoutMs} ms (waiting for ${waiting.join(', ') || 'a running server'}; logs in ${this.dataDir})`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The server leading `stream` as the running servers report it; undefined during an election. */
  async streamLeader(stream: string): Promise<string | undefined> {
    const running = this.servers.filter((server) => server.running).map((server) => server.ports.monitor);
    return (await clusterStreams(running)).find((candidate) => candidate.name === stream)?.leader;
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

/** A TCP port on 127.0.0.1 that nothing listens on now (as @app/testing's freePort, which scripts cannot import). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
