import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections, freePort, waitUntil } from '@app/testing';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

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
  ) {}

  /** nats-server with JetStream and a store of its own. */
  static async nats(): Promise<KillableServer> {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'chaos-nats-'));
    return new KillableServer('nats-server', port, NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], store);
  }

  /** redis-server keeping its data in an append-only file synced every second, as docker-compose.yml deploys it. */
  static async redis(): Promise<KillableServer> {
    const port = await freePort();
    const store = mkdtempSync(join(tmpdir(), 'chaos-redis-'));
    const args = ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec', '--dir', store];
    return new KillableServer('redis-server', port, REDIS_SERVER, args, store);
  }

  get url(): string {
    return `${this.name === 'nats-server' ? 'nats' : 'redis'}://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts (again) and waits until it accepts connections. */
  async start(): Promise<void> {
    this.child = spawn(this.command, this.args, { stdio: 'ignore' });
    await waitUntil(() => acceptsConnections(this.port), `${this.name} on port ${this.port}`, 30_000);
  }

  /** kill -9, and waits until the process is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async remove(): Promise<void> {
    await this.kill();
    if (this.storeDir) rmSync(this.storeDir, { recursive: true, force: true });
  }
}
