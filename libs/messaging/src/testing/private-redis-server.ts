import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections, freePort, waitUntil } from '@app/testing';

const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/**
 * A Redis server of a test's own on a free port, without persistence, that the test may stop and
 * start again without disturbing the machine's shared server.
 */
export class PrivateRedisServer {
  private process: ChildProcess | undefined;
  /** Its working folder: a primary writes the snapshot a replica's first sync needs there, not in the project. */
  private readonly dir = mkdtempSync(join(tmpdir(), 'private-redis-'));

  private constructor(
    readonly port: number,
    private readonly args: readonly string[],
  ) {}

  /** `args`: more of redis-server's options (e.g. `--replicaof 127.0.0.1 <port>`). */
  static async start(args: readonly string[] = []): Promise<PrivateRedisServer> {
    const server = new PrivateRedisServer(await freePort(), args);
    await server.resume();
    return server;
  }

  get running(): boolean {
    return this.process !== undefined;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port and waits until it accepts connections. */
  async resume(): Promise<void> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(this.port),
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
        ...this.args,
      ],
      { stdio: 'ignore' },
    );
    this.process = child;
    await waitUntil(() => acceptsConnections(this.port), `redis-server on port ${this.port}`, 10_000);
  }

  /** Kills it (as a crash would) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
