import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { NatsConfig } from '@app/config';
import { freePort, waitUntil } from '@app/testing';

const ROOT = join(__dirname, '..', '..', '..', '..');
/** Loads the app from its TypeScript sources as Jest reads them (the chaos test's loader): no build needed. */
const SOURCE_LOADER = join(ROOT, 'chaos', 'src', 'testing', 'source-apps.register.js');
const MAIN = join(ROOT, 'apps', 'panel-gateway', 'src', 'main.ts');
/** Output lines kept for a failure's message. */
const KEPT_LINES = 40;

/** A gateway copy as operations run it: its own process, which a test can kill -9. */
export interface GatewayProcess {
  gatewayId: string;
  /** Where panels connect (127.0.0.1). */
  port: number;
  child: ChildProcess;
  /** Its last lines of output (warnings and errors). */
  output: string[];
  /** kill -9: nothing closes in order; the kernel drops its sockets, its NATS entries stay behind. */
  kill(): Promise<void>;
}

export interface GatewayProcessOptions {
  nats: NatsConfig;
  /** The database of the panel registry (migrated by portal-api). */
  databaseUrl: string;
  gatewayId: string;
  /** Until it reports healthy (default 60 s: it compiles its sources first). */
  timeoutMs?: number;
}

/** Starts the gateway from its sources in a child process and waits until its /healthz says healthy. */
export async function startGatewayProcess(options: GatewayProcessOptions): Promise<GatewayProcess> {
  const [port, httpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--require', SOURCE_LOADER, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.nats.servers.join(','),
      NATS_PREFIX: options.nats.prefix,
      GATEWAY_ID: options.gatewayId,
      GATEWAY_PANEL_HOST: '127.0.0.1',
      GATEWAY_PANEL_PORT: String(port),
      GATEWAY_HTTP_PORT: String(httpPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  for (const stream of [child.stdout!, child.stderr!])
    createInterface({ input: stream }).on('line', (line) => {
      output.push(line.slice(0, 500));
      if (output.length > KEPT_LINES) output.shift();
    });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const kill = async () => {
    if (running()) child.kill('SIGKILL');
    await exited;
  };
  try {
    await waitUntil(
      async () => {
        if (!running()) throw new Error(`the gateway process stopped while starting (exit code ${child.exitCode})`);
        try {
          return (await fetch(`http://127.0.0.1:${httpPort}/healthz`)).ok;
        } catch {
          return false; // not listening yet
        }
      },
      `gateway ${options.gatewayId} healthy`,
      options.timeoutMs ?? 60_000,
    );
  } catch (error) {
    await kill();
    throw new Error(`${(error as Error).message}; its last lines:\n${output.join('\n')}`, { cause: error });
  }
  return { gatewayId: options.gatewayId, port, child, output, kill };
}
