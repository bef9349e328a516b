import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections, freePort, NATS_SERVER_BIN, waitUntil } from '@app/testing';

/**
 * A NATS server with JetStream of a test's own, on a free port with a temporary store, that the
 * test may stop and start again without disturbing the machine's shared server.
 */
export class PrivateNatsServer {
  private process: ChildProcess | undefined;

  private constructor(
    readonly port: number,
    private readonly storeDir: string,
  ) {}

  static async start(): Promise<PrivateNatsServer> {
    const server = new PrivateNatsServer(await freePort(), mkdtempSync(join(tmpdir(), 'nats-test-')));
    await server.resume();
    return server;
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  /** Starts (again) on the same port and store, and waits until it accepts connections. */
  async resume(): Promise<void> {
    const child = spawn(NATS_SERVER_BIN, ['-a', '127.0.0.1', '-p', String(this.port), '-js', '-sd', this.storeDir], {
      stdio: 'ignore',
    });
    this.process = child;
    await waitUntil(() => acceptsConnections(this.port), `nats-server on port ${this.port}`, 10_000);
  }

  /** Stops it gracefully (what it acknowledged is on disk) and waits for the exit. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }

  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.storeDir, { recursive: true, force: true });
  }
}
