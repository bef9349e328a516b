import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections, freePort, NATS_SERVER_BIN, waitUntil } from '@app/testing';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';
const POSTGRES_BIN_DIR = process.env.POSTGRES_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/** The account a server runs as: PostgreSQL refuses root, so as root it runs as the 'postgres' user. */
interface RunAs {
  uid: number;
  gid: number;
}

function postgresAccount(): RunAs | undefined {
  if (userInfo().uid !== 0) return undefined;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const account = { uid: id('-u'), gid: id('-g') };
  if (!(account.uid > 0))
    throw new Error("running as root, PostgreSQL needs a 'postgres' user to run as; there is none");
  return account;
}

/**
 * A server of the run's own (NATS with JetStream, Redis) on a free port, that the run kills with
 * SIGKILL, as a crash or an OOM kill would, and starts again on the same port and store.
 */
export class KillableServer {
  private child: ChildProcess | undefined;

  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly command: string,
    private readonly args: string[],
    private readonly storeDir: string | undefined,
    private readonly runAs?: RunAs,
  ) {}

  /** nats-server with JetStream and a store of its own. */
  static async nats(): Promise<KillableServer> {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'chaos-nats-'));
    return new KillableServer(
      'nats-server',
      port,
      NATS_SERVER_BIN,
      ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store],
      store,
    );
  }

  /** redis-server keeping its data in an append-only file synced every second, as docker-compose.yml deploys it. */
  static async redis(): Promise<KillableServer> {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'chaos-redis-'));
    const args = [
      '--bind',
      '127.0.0.1',
      '--port',
      String(port),
      '--save',
      '',
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--dir',
      store,
    ];
    return new KillableServer('redis-server', port, REDIS_SERVER, args, store);
  }

  /**
   * PostgreSQL in a new cluster of its own (trust authentication on 127.0.0.1), fsync on as in
   * production, so a kill -9 loses nothing committed.
   */
  static async postgres(): Promise<KillableServer> {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'chaos-postgres-'));
    const account = postgresAccount();
    if (account) chownSync(store, account.uid, account.gid);
    const init = spawnSync(
      join(POSTGRES_BIN_DIR, 'initdb'),
      ['-D', store, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
      {
        encoding: 'utf8',
        ...account,
      },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
    const args = [
      '-D',
      store,
      '-p',
      String(port),
      '-k',
      store,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
    ];
    return new KillableServer('postgres', port, join(POSTGRES_BIN_DIR, 'postgres'), args, store, account);
  }

  get url(): string {
    const scheme = { 'nats-server': 'nats://', 'redis-server': 'redis://', postgres: 'postgres://postgres@' }[
      this.name
    ];
    return `${scheme}127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts (again) and waits until it accepts connections. */
  async start(): Promise<void> {
    // A server killed a moment ago may still hold its port or (PostgreSQL) its shared memory: try again.
    await waitUntil(
      async () => {
        if (!this.child || this.child.exitCode !== null)
          this.child = spawn(this.command, this.args, { stdio: 'ignore', ...this.runAs });
        return acceptsConnections(this.port);
      },
      `${this.name} on port ${this.port}`,
      30_000,
    );
  }

  /** kill -9, and waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child?.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await once(child, 'exit');
  }

  /** SIGKILL without waiting (the run on its way out). */
  killNow(): void {
    this.child?.kill('SIGKILL');
  }

  /** kill -9, and starts again with an empty store: a server whose data was lost with it. */
  async restartEmpty(): Promise<void> {
    await this.kill();
    if (!this.storeDir) throw new Error(`${this.name} has no store of its own to empty`);
    for (const entry of readdirSync(this.storeDir))
      rmSync(join(this.storeDir, entry), { recursive: true, force: true });
    await this.start();
  }

  async remove(): Promise<void> {
    await this.kill();
    if (this.storeDir) rmSync(this.storeDir, { recursive: true, force: true });
  }
}
