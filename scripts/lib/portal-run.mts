// What `npm start` and `npm run cluster` share: the environment the apps get, the terminal and the
// log files, PostgreSQL and Redis (and for `npm start` NATS) made to answer, the mail sink, the demo
// (with its webhook receiver) and its console, and stopping everything in order on Ctrl-C or when an
// app stops.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startMailSink } from './mail-sink.mts';
import {
  demoBanner,
  demoEnabled,
  demoEnvironment,
  demoWebhookEnvironment,
  startDemo,
  type RunningDemo,
} from './demo.mts';
import { vapidEnvironment } from './local-vapid-keys.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.mts';
import { APPS, appEntry, describeExit, stopApp, type RunningApp } from './app-processes.mts';
import type { OutputSettings } from './child-output.mts';
import { Terminal } from './terminal.mts';
import {
  isSupportedNats,
  natsServerProgram,
  OLDEST_SUPPORTED_NATS,
  spawnNats,
  spawnRedis,
  startEmbeddedPostgres,
  waitFor,
  type ChildService,
} from './local-services.mts';
import { probeNats, probePostgres, probeRedis, type ProbeResult } from './service-probes.mts';

/** Where `npm start` runs its own NATS when the one on the default address is too old. */
const LOCAL_NATS_URL = 'nats://127.0.0.1:4223';

export class PortalRun {
  /** Where the servers it starts keep their data, and the mails and demo secrets go. */
  readonly dataDir = resolve(process.env.PORTAL_DATA_DIR ?? '.data');
  readonly env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/portal',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  };
  readonly terminal = new Terminal();
  readonly output: OutputSettings;
  /** Servers it started, stopped last, in the reverse order. */
  readonly services: ChildService[] = [];
  readonly apps: RunningApp[] = [];
  private readonly tag: string;
  private stopping = false;
  /** The demo's webhook receiver, started with the apps' environment (they must trust its certificate). */
  private webhooks: WebhookReceiver | undefined;

  /** `tag` starts its own lines ([start]); the apps' logs go to `logDir` under the data folder. */
  constructor(tag: string, logDir = 'logs') {
    this.tag = tag;
    this.output = {
      logDir: join(this.dataDir, logDir),
      verbose: process.argv.includes('--verbose') || process.env.LOG_LEVEL !== undefined,
      terminal: this.terminal,
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      process.on(signal, () => void this.stopEverything(0));
    }
    // A closed terminal or pipe must not end the run half-way through stopping what it started.
    process.stdout.on('error', () => undefined);
    process.stderr.on('error', () => undefined);
    // Whatever ends this process, no server or app it started is left running.
    process.on('exit', () => {
      for (const app of this.apps) {
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
      }
      for (const service of this.services) service.kill();
    });
  }

  log(message: string): void {
    this.terminal.print(`[${this.tag}] ${message}`);
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Every app built? Otherwise says so and exits. */
  checkBuilt(): void {
    for (const app of APPS) {
      if (!existsSync(appEntry(app.name))) {
        this.log(`${appEntry(app.name)} is missing: run 'npm run build' first (npm start does it for you)`);
        process.exit(1);
      }
    }
  }

  async stopEverything(exitCode: number): Promise<never> {
    if (!this.stopping) {
      this.stopping = true;
      this.terminal.close();
      this.log('stopping…');
      // The demo's programs first, so that the panels do not report the gateway going away; then the
      // gateways, whose last connection reports portal-api must still be up to store.
      const apps = this.apps;
      await Promise.all(apps.filter((app) => app.app === undefined).map((app) => stopApp(app)));
      await Promise.all(apps.filter((app) => app.app === 'panel-gateway').map((app) => stopApp(app)));
      await Promise.all(apps.filter((app) => app.app !== undefined).map((app) => stopApp(app)));
      for (const service of [...this.services].reverse()) {
        await service
          .stop()
          .catch((error: unknown) => this.log(`${service.name} did not stop cleanly: ${String(error)}`));
      }
      this.log('stopped');
    }
    process.exit(exitCode);
  }

  /**
   * PostgreSQL, Redis and (unless the caller runs its own) NATS answering at the environment's URLs,
   * started here where they do not; stops with the remedies when one cannot be had.
   */
  async ensureInfrastructure(options: { nats: boolean }): Promise<void> {
    const { env } = this;
    const missing: string[] = [];

    const postgres = await probePostgres(env.DATABASE_URL!);
    if (postgres.ok) this.log(`PostgreSQL answers at ${env.DATABASE_URL}`);
    else {
      this.log(
        `PostgreSQL does not answer (${postgres.detail}); starting embedded PostgreSQL in ${this.dataDir}/postgres`,
      );
      try {
        const embedded = await startEmbeddedPostgres(env.DATABASE_URL!, `${this.dataDir}/postgres`);
        this.services.push(embedded.service);
        env.DATABASE_URL = embedded.url;
      } catch (error) {
        missing.push(`PostgreSQL (embedded start failed: ${(error as Error).message})`);
      }
    }

    const redisUrl = env.REDIS_URL!;
    const redis = await probeRedis(redisUrl);
    if (redis.ok) this.log(`Redis answers at ${redisUrl}`);
    else {
      const child = spawnRedis(redisUrl, `${this.dataDir}/redis`);
      if (!child) missing.push(`Redis (${redis.detail}; no redis-server installed)`);
      else await this.waitStarted(child, 'Redis', () => probeRedis(redisUrl), missing);
    }
    if (options.nats) await this.ensureNats(missing);

    if (missing.length > 0) {
      this.log(`cannot run the portal without: ${missing.join('; ')}.`);
      this.log(
        `Either start the infrastructure with \`docker compose up -d postgres redis${options.nats ? ' nats' : ''}\`,`,
      );
      this.log('or install the servers (Debian: apt-get install postgresql redis-server nats-server).');
      await this.stopEverything(1);
    }
  }

  /**
   * NATS with JetStream at NATS_URL. Where none answers, or (NATS_URL not set) the one answering is
   * older than NATS still supports, the portal's nats-server release runs as a child instead, the
   * latter beside it on LOCAL_NATS_URL.
   */
  private async ensureNats(missing: string[]): Promise<void> {
    const { env } = this;
    const first = await probeNats(env.NATS_URL!);
    const outdated =
      first.ok && !process.env.NATS_URL && first.version !== undefined && !isSupportedNats(first.version);
    if (first.ok && !outdated) {
      this.log(`NATS with JetStream answers at ${env.NATS_URL}`);
      return;
    }
    if (outdated) {
      this.log(
        `NATS ${first.version} answers at ${env.NATS_URL}, older than NATS still patches (${OLDEST_SUPPORTED_NATS.join('.')}): running the portal's own at ${LOCAL_NATS_URL}`,
      );
      env.NATS_URL = LOCAL_NATS_URL;
    }
    const url = env.NATS_URL!;
    const program = await natsServerProgram((line) => this.log(line));
    if (!program) {
      missing.push(`NATS with JetStream (${first.detail}; no nats-server installed)`);
      return;
    }
    const child = spawnNats(program, url, `${this.dataDir}/nats`, (line) => this.log(line));
    await this.waitStarted(child, 'NATS with JetStream', () => probeNats(url), missing);
  }

  private async waitStarted(
    child: ChildService,
    label: string,
    probe: () => Promise<ProbeResult>,
    missing: string[],
  ): Promise<void> {
    this.services.push(child);
    const started = await waitFor(probe, 15_000);
    if (started.ok) this.log(`started ${label}: ${started.detail}`);
    else missing.push(`${label} (started locally but it does not answer: ${started.detail})`);
  }

  /**
   * Mails to a local sink unless an SMTP server is configured; push with a key pair kept in the data
   * folder unless one is configured; the demo's settings when it runs.
   */
  async prepareAppEnvironment(): Promise<void> {
    Object.assign(this.env, vapidEnvironment(this.env, this.dataDir));
    if (!process.env.SMTP_HOST) {
      const sink = await startMailSink(`${this.dataDir}/mail`, (line) => this.terminal.print(`[mail] ${line}`));
      this.services.push(sink.service);
      Object.assign(this.env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), SMTP_SECURE: 'false' });
    }
    if (demoEnabled(this.env)) {
      Object.assign(this.env, demoEnvironment(this.env));
      await this.startWebhookReceiver();
    }
  }

  /** The demo's webhook receiver; without it (no openssl, say) the demo runs with no webhook. */
  private async startWebhookReceiver(): Promise<void> {
    try {
      const print = (line: string) => this.terminal.print(`[webhook] ${line}`);
      const receiver = await startWebhookReceiver(join(this.dataDir, 'webhooks'), print, this.env.WEBHOOK_CA_FILE);
      this.services.push(receiver.service);
      this.webhooks = receiver;
      Object.assign(this.env, demoWebhookEnvironment(this.env, receiver.caFile));
    } catch (error) {
      this.log(`demo: no webhook receiver (${(error as Error).message.split('\n')[0]})`);
    }
  }

  /**
   * From now on, an app that stops takes the portal down with it, unless another copy of it still
   * runs (`npm run cluster`): then the others carry on, as they would in production.
   */
  watchApps(): void {
    const alive = (app: RunningApp) => app.child.exitCode === null && app.child.signalCode === null;
    for (const app of this.apps) {
      void app.exited.then((exit) => {
        if (this.stopping) return;
        for (const line of describeExit(app, exit)) this.log(line);
        const others = this.apps.filter((other) => other !== app && other.app === app.app && alive(other));
        if (others.length > 0) {
          this.log(`${others.map((other) => other.name).join(', ')} carries on without it`);
          return;
        }
        this.log('the portal cannot run without it: stopping the rest');
        void this.stopEverything(1);
      });
    }
  }

  /**
   * The demo, when enabled: its panels connect to `gatewayPorts` (the first panel to the first, the
   * next to the next, round), its account is made through portal-api at `origin`. A demo program that
   * stops is only reported.
   */
  async startDemo(gatewayPorts: number[], origin: string): Promise<RunningDemo | undefined> {
    if (!demoEnabled(this.env)) return undefined;
    const demo = await startDemo({
      env: this.env,
      gatewayPorts,
      origin,
      dataDir: this.dataDir,
      output: this.output,
      log: (line) => this.log(line),
      webhooks: this.webhooks,
    });
    this.apps.push(...demo.programs);
    for (const program of demo.programs) {
      void program.exited.then((exit) => {
        if (!this.stopping) for (const line of describeExit(program, exit)) this.log(line);
      });
    }
    return demo;
  }

  /** The demo console: what is typed at the prompt goes to the demo panel. */
  readDemoConsole(demo: RunningDemo | undefined): void {
    const input = demo?.panel?.child.stdin;
    if (!input) return;
    input.on('error', () => undefined);
    this.terminal.readCommands(
      'panel> ',
      (line) => input.writable && input.write(`${line}\n`),
      () => void this.stopEverything(0),
    );
  }

  /** The banner's lines after its first: the demo, the logs and the mails. */
  bannerTail(demo: RunningDemo | undefined): string[] {
    return [
      ...(demo ? demoBanner(demo) : []),
      `Logs: ${this.output.logDir}/{${this.apps.map((app) => app.name).join(',')}}.log${this.output.verbose ? ' (and here)' : ''}`,
      ...(process.env.SMTP_HOST ? [] : [`Mails: ${this.dataDir}/mail/*.eml (one line here per mail sent)`]),
    ];
  }

  printBanner(lines: string[]): void {
    const rule = '─'.repeat(78);
    for (const line of [rule, ...lines, rule]) this.terminal.print(line);
  }
}
