import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { RedisConfig } from '@app/config';
import { acceptsConnections, freePort, waitUntil } from '@app/testing';
import { PrivateRedisServer } from './private-redis-server';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';
const SENTINELS = 3;

/**
 * A primary, its replica and three sentinels of a test's own on loopback (redis-server and
 * `redis-server --sentinel`), as a self-hosted Redis with automatic failover runs: a test connects
 * through the sentinels and fails the primary over.
 */
export class RedisSentinelSet {
  private constructor(
    readonly name: string,
    private readonly servers: PrivateRedisServer[],
    private readonly sentinelPorts: number[],
    private readonly sentinels: ChildProcess[],
    private readonly dir: string,
  ) {}

  static async start(name = 'portal-test'): Promise<RedisSentinelSet> {
    const primary = await PrivateRedisServer.start();
    const replica = await PrivateRedisServer.start(['--replicaof', '127.0.0.1', String(primary.port)]);
    const dir = mkdtempSync(join(tmpdir(), 'redis-sentinels-'));
    const ports: number[] = [];
    const children: ChildProcess[] = [];
    for (let index = 0; index < SENTINELS; index++) {
      const port = await freePort();
      const file = join(dir, `sentinel-${index}.conf`);
      // Sentinels rewrite their own file as they learn the set: each gets one it may write.
      writeFileSync(
        file,
        [
          `port ${port}`,
          'bind 127.0.0.1',
          `dir ${dir}`,
          `sentinel monitor ${name} 127.0.0.1 ${primary.port} 2`,
          `sentinel down-after-milliseconds ${name} 1000`,
          `sentinel failover-timeout ${name} 5000`,
          '',
        ].join('\n'),
      );
      children.push(spawn(REDIS_SERVER, [file, '--sentinel'], { stdio: 'ignore' }));
      ports.push(port);
    }
    const set = new RedisSentinelSet(name, [primary, replica], ports, children, dir);
    for (const port of ports) await waitUntil(() => acceptsConnections(port), `sentinel on port ${port}`, 10_000);
    // Ready when the replica has caught up and every sentinel knows it.
    await waitUntil(
      async () => (await set.info(replica.port, 'replication')).includes('master_link_status:up'),
      'the replica in sync',
      20_000,
    );
    await waitUntil(
      async () => {
        for (const port of ports) {
          const replicas = (await set.ask(port, ['SENTINEL', 'REPLICAS', name]).catch(() => [])) as unknown[];
          if (replicas.length === 0) return false;
        }
        return true;
      },
      'every sentinel to know the replica',
      20_000,
    );
    return set;
  }

  /** The configuration an app is given to reach the set through its sentinels. */
  redisConfig(prefix: string): RedisConfig {
    // The URL names no server (port 1): only the sentinels lead to one.
    return new RedisConfig(
      'redis://127.0.0.1:1',
      prefix,
      this.sentinelPorts.map((port) => ({ host: '127.0.0.1', port })),
      this.name,
    );
  }

  /** The port of the primary the sentinels name now. */
  async primaryPort(): Promise<number> {
    const [, port] = (await this.ask(this.sentinelPorts[0]!, ['SENTINEL', 'GET-MASTER-ADDR-BY-NAME', this.name])) as [
      string,
      string,
    ];
    return Number(port);
  }

  /** Fails the primary over to the replica; done once the new one takes writes and the old one refuses them. */
  async failover(): Promise<number> {
    const before = await this.primaryPort();
    // A sentinel promotes a replica only once it has heard enough from it (NOGOODSLAVE before): asked
    // again until it does. Here and below, a connection a server drops as it changes role is asked again.
    await waitUntil(
      async () =>
        (await this.primaryPort().catch(() => before)) !== before ||
        this.ask(this.sentinelPorts[0]!, ['SENTINEL', 'FAILOVER', this.name]).then(
          () => true,
          () => false,
        ),
      'a sentinel to start the failover',
      30_000,
    );
    await waitUntil(
      async () => (await this.primaryPort().catch(() => before)) !== before,
      'the sentinels to name a new primary',
      30_000,
    );
    const after = await this.primaryPort();
    await waitUntil(
      async () => (await this.info(after, 'replication')).includes('role:master'),
      'the new primary to take writes',
      30_000,
    );
    // Until the old primary is turned into a replica, clients still on it write there (and lose it at
    // its resync): the failover is done once it refuses writes.
    await waitUntil(
      async () => (await this.info(before, 'replication')).includes('role:slave'),
      'the old primary to become a replica',
      30_000,
    );
    return after;
  }

  async stop(): Promise<void> {
    for (const child of this.sentinels)
      if (child.exitCode === null)
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        });
    for (const server of this.servers) await server.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The server's INFO section, or '' while it does not answer (a role change drops its connections). */
  private async info(port: number, section: string): Promise<string> {
    return this.ask(port, ['INFO', section]).then(String, () => '');
  }

  /** Sends one command to the server or sentinel on `port`. */
  async ask(port: number, command: string[]): Promise<unknown> {
    const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      return await client.call(command[0]!, ...command.slice(1));
    } finally {
      client.disconnect();
    }
  }
}
