import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { freePort } from '@app/testing';

export const BENCH_APPS = ['portal-api', 'panel-gateway', 'relay-worker', 'mailer'] as const;
export type BenchAppName = (typeof BENCH_APPS)[number];

const POSTGRES_URL = process.env.BENCH_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Where the stack's servers are (the machine's shared ones unless given) and what else its apps get. */
export interface BenchStackOptions {
  /** A PostgreSQL server's address without a database (the run's database is created there). */
  postgresUrl?: string;
  natsUrl?: string;
  redisUrl?: string;
  /** Names the run's database, NATS prefix and Redis prefix. */
  idPrefix?: string;
  /** Variables added to every app's environment (e.g. shorter timings). */
  appEnv?: NodeJS.ProcessEnv;
  /** How much of each app log line is kept (default 400 characters). */
  logLineChars?: number;
  /** Node's arguments that start an app (default: its build in dist/). */
  appArgs?: (name: BenchAppName) => string[];
  /** Copies of every app, each on ports of its own (default 1). */
  copies?: number;
}

export interface BenchApp {
  name: BenchAppName;
  /** Which copy, from 1. */
  copy: number;
  /** The name, with the copy's number when the apps run as several copies (portal-api-2). */
  label: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** Its ops port: /healthz, /metrics. */
  opsPort: number;
}

/** The ports of one copy of the apps. */
interface CopyPorts {
  portal: number;
  portalOps: number;
  gateway: number;
  panel: number;
  relay: number;
  mailer: number;
}

/** A push service on loopback the apps push to, and the portal's VAPID pair: the apps' push variables. */
export interface LoopbackPush {
  /** The push service's certificate (PEM file), trusted by the mailer. */
  caFile: string;
  publicKey: string;
  privateKey: string;
}

export function pushEnvironment(push: LoopbackPush): NodeJS.ProcessEnv {
  return {
    WEB_PUSH_VAPID_PUBLIC_KEY: push.publicKey,
    WEB_PUSH_VAPID_PRIVATE_KEY: push.privateKey,
    PUSH_ALLOWED_TARGETS: '127.0.0.1',
    PUSH_CA_FILE: push.caFile,
  };
}

/**
 * The four built apps as child processes on the real PostgreSQL, NATS and Redis, in a database,
 * NATS prefix and Redis key prefix of this run's own, all removed again by `stop()`. With `copies`,
 * as many copies of each, on one database, NATS prefix and Redis prefix, as production runs them.
 */
export class BenchStack {
  readonly id: string;
  readonly databaseUrl: string;
  /** By label (the app's name, with the copy's number when there are several). */
  readonly apps = new Map<string, BenchApp>();
  readonly copies: number;
  private env: NodeJS.ProcessEnv = {};
  private ports: CopyPorts[] = [];

  private readonly postgresUrl: string;
  private readonly natsUrl: string;
  private readonly redisUrl: string;

  constructor(
    private readonly log: (line: string) => void,
    private readonly options: BenchStackOptions = {},
  ) {
    this.id = `${options.idPrefix ?? 'bench'}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
    this.postgresUrl = options.postgresUrl ?? POSTGRES_URL;
    this.databaseUrl = `${this.postgresUrl}/portal_${this.id}`;
    this.natsUrl = options.natsUrl ?? NATS_URL;
    this.redisUrl = options.redisUrl ?? REDIS_URL;
    this.copies = options.copies ?? 1;
  }

  /** portal-api's HTTP port (the first copy's). */
  get portalPort(): number {
    return this.ports[0]?.portal ?? 0;
  }

  /** The gateway's panel port (the first copy's). */
  get panelPort(): number {
    return this.ports[0]?.panel ?? 0;
  }

  /** Every copy's portal-api HTTP port, by copy. */
  get portalPorts(): number[] {
    return this.ports.map((ports) => ports.portal);
  }

  /** Every copy's portal-api ops port (/healthz, /metrics), by copy. */
  get portalOpsPorts(): number[] {
    return this.ports.map((ports) => ports.portalOps);
  }

  /** Every copy's gateway panel port, by copy. */
  get panelPorts(): number[] {
    return this.ports.map((ports) => ports.panel);
  }

  label(name: BenchAppName, copy = 1): string {
    return this.copies > 1 || copy > 1 ? `${name}-${copy}` : name;
  }

  /**
   * Starts one more copy of an app, on ports of its own, beside the running ones (a scenario that
   * needs two portal-api copies on a stack started with one); `stopApp` ends it. Returns its copy number.
   */
  async startExtraCopy(name: BenchAppName): Promise<number> {
    const copy = this.ports.length + 1;
    // A port found free may be taken before the app listens on it (another process's outgoing
    // connection, on a machine opening thousands): the copy tries again on other ports.
    for (let attempt = 1; ; attempt++) {
      this.ports[copy - 1] = {
        portal: await freePort(),
        portalOps: await freePort(),
        gateway: await freePort(),
        panel: await freePort(),
        relay: await freePort(),
        mailer: await freePort(),
      };
      try {
        await this.startApp(name, copy);
        return copy;
      } catch (error) {
        if (attempt === 3) throw error;
        this.log(`${this.label(name, copy)} did not start (${(error as Error).message}): again on other ports`);
      }
    }
  }

  /** A copy of portal-api's public HTTP port: the API and the live feed. */
  portalHttpPort(copy = 1): number {
    const ports = this.ports[copy - 1];
    if (!ports) throw new Error(`no copy ${copy} of the apps`);
    return ports.portal;
  }

  /** The running (or last) process of a copy of an app. */
  app(name: BenchAppName, copy = 1): BenchApp {
    const app = this.apps.get(this.label(name, copy));
    if (!app) throw new Error(`${this.label(name, copy)} was never started`);
    return app;
  }

  get natsPrefix(): string {
    return this.id;
  }

  /**
   * `webhookCaFile`: the bench's webhook receiver's certificate, trusted by the mailer, on loopback;
   * `push`: the bench's push service's certificate and the portal's VAPID pair (push set up).
   */
  async start(extraEnv: { smtpPort: number; webhookCaFile?: string; push?: LoopbackPush }): Promise<void> {
    for (let copy = 1; copy <= this.copies; copy++) {
      this.ports.push({
        portal: await freePort(),
        portalOps: await freePort(),
        gateway: await freePort(),
        panel: await freePort(),
        relay: await freePort(),
        mailer: await freePort(),
      });
    }
    this.env = {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: this.databaseUrl,
      NATS_URL: this.natsUrl,
      NATS_PREFIX: this.id,
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: this.id,
      GATEWAY_PANEL_HOST: '127.0.0.1',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(extraEnv.smtpPort),
      SMTP_SECURE: 'false',
      RELAY_ALLOWED_TARGETS: '127.0.0.1',
      ...(extraEnv.webhookCaFile
        ? { WEBHOOK_ALLOWED_TARGETS: '127.0.0.1', WEBHOOK_CA_FILE: extraEnv.webhookCaFile }
        : {}),
      ...(extraEnv.push ? pushEnvironment(extraEnv.push) : {}),
      // Many sign-ups and logins come from 127.0.0.1 in one run.
      AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
      WEB_DIST_DIR: 'dist/bench-no-web-client',
      // e.g. `--cpu-prof --cpu-prof-dir=.data/profiles` to see where an app spends a scenario.
      ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
      ...this.options.appEnv,
    };
    // The first portal-api creates and migrates the database; the others start once the schema is there.
    await this.startApp('portal-api', 1);
    const rest = BENCH_APPS.flatMap((name) =>
      Array.from({ length: this.copies }, (_, index) => index + 1)
        .filter((copy) => name !== 'portal-api' || copy > 1)
        .map((copy) => this.startApp(name, copy)),
    );
    await Promise.all(rest);
  }

  pid(name: BenchAppName, copy = 1): number {
    return this.app(name, copy).child.pid!;
  }

  /** Starts (again) a copy of an app on its ports and waits until it reports healthy. */
  async startApp(name: BenchAppName, copy = 1): Promise<BenchApp> {
    const ports = this.ports[copy - 1];
    if (!ports) throw new Error(`no copy ${copy} of the apps (${this.copies} copies)`);
    const env = {
      ...this.env,
      PORTAL_HTTP_PORT: String(ports.portal),
      PORTAL_OPS_PORT: String(ports.portalOps),
      GATEWAY_HTTP_PORT: String(ports.gateway),
      GATEWAY_PANEL_PORT: String(ports.panel),
      RELAY_WORKER_HTTP_PORT: String(ports.relay),
      MAILER_HTTP_PORT: String(ports.mailer),
    };
    const opsPort = {
      'portal-api': ports.portalOps,
      'panel-gateway': ports.gateway,
      'relay-worker': ports.relay,
      mailer: ports.mailer,
    }[name];
    const label = this.label(name, copy);
    const args = this.options.appArgs?.(name) ?? [`dist/apps/${name}/apps/${name}/src/main.js`];
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) =>
        this.log(`[${label}] ${line.slice(0, this.options.logLineChars ?? 400)}`),
      );
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const app: BenchApp = { name, copy, label, child, exited, opsPort };
    this.apps.set(label, app);
    await this.waitHealthy(app);
    return app;
  }

  async stopApp(name: BenchAppName, copy = 1): Promise<void> {
    const app = this.apps.get(this.label(name, copy));
    if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
    const timer = setTimeout(() => app.child.kill('SIGKILL'), 15_000);
    app.child.kill('SIGTERM');
    await app.exited;
    clearTimeout(timer);
  }

  private async waitHealthy(app: BenchApp, timeoutMs = 90_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (app.child.exitCode !== null)
        throw new Error(`${app.label} stopped while starting (exit code ${app.child.exitCode})`);
      try {
        if ((await fetch(`http://127.0.0.1:${app.opsPort}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`${app.label} did not report healthy within ${timeoutMs / 1000} s`);
  }

  /** Stops the apps and removes the database, streams, buckets and Redis keys of this run. */
  async stop(): Promise<void> {
    await Promise.all([...this.apps.values()].map((app) => this.stopApp(app.name, app.copy)));
    await Promise.allSettled([this.dropDatabase(), this.removeNatsPrefix(), this.removeRedisPrefix()]).then(
      (outcomes) => {
        for (const outcome of outcomes)
          if (outcome.status === 'rejected') this.log(`cleanup failed: ${String(outcome.reason)}`);
      },
    );
  }

  private async dropDatabase(): Promise<void> {
    const client = new Client({ connectionString: `${this.postgresUrl}/postgres` });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "portal_${this.id}" WITH (FORCE)`);
    } finally {
      await client.end();
    }
  }

  private async removeNatsPrefix(): Promise<void> {
    const nc = await connectNats({ servers: this.natsUrl.split(',') });
    try {
      const jsm = await jetstreamManager(nc);
      const names: string[] = [];
      for await (const name of jsm.streams.names()) names.push(name);
      for (const name of names)
        if (name.startsWith(`${this.id}_`) || name.startsWith(`KV_${this.id}_`)) await jsm.streams.delete(name);
    } finally {
      await nc.close();
    }
  }

  private async removeRedisPrefix(): Promise<void> {
    const redis = new Redis(this.redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.id}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      await redis.quit();
    }
  }
}
