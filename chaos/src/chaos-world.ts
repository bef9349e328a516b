import { natsNames, type NatsNames } from '@app/contracts';
import { CuttableTcpProxy } from '@app/testing';
import type { PanelLinkClient } from '@app/panel-protocol';
import { BenchPortalClient, type BenchUser } from '../../bench/src/bench-portal.client';
import { BenchStack, type BenchAppName, type BenchStackOptions } from '../../bench/src/bench-stack';
import { PanelFleet } from '../../bench/src/panel-fleet';
import { SmtpSink } from '../../bench/src/smtp-sink';
import { WebhookSink } from '../../bench/src/webhook-sink';
import { HttpBalancer } from '../../scripts/lib/http-balancer';
import { RelaySimulator, type RelaySwitch } from '../../tools/relay-simulator/src/relay-simulator';
import { AlarmAcknowledger } from './alarm-acknowledger';
import { ApiProbe } from './api-probe';
import { BoardHoldWatch } from './board-hold-watch';
import { ChaosNatsCluster, natsServerNote } from './chaos-nats-cluster';
import type { ChaosOptions } from './chaos-options.util';
import { EventLedger } from './event-ledger';
import { KillableServer } from './killable-server';
import { LiveBrowser } from './live-browser';
import { PushDevices } from './push-devices';

const RELAY_PASSWORD = 'ChaosRelayPassword0123456789abcd';
const NO_ACTION = { relay_1: 0, relay_2: 0, io_1: false, io_2: false, io_3: false, io_4: false };
/** Relay 1 pulses on fire, relay 2 on fault: a pulse tells which trigger it served. */
export const FIRE_RELAY = 1;
export const FAULT_RELAY = 2;

/**
 * Timings the apps run with: the defaults of the alarm path, named so the run's table can state
 * the lease it judges boards by.
 */
export const CHAOS_BOARD_LEASE_MS = 5000;

/**
 * A policy's minute in the run (ESCALATION_MINUTE_MS): step 2, 5 minutes without acknowledgement,
 * falls due a second after its alarm opens.
 */
export const CHAOS_ESCALATION_MINUTE_MS = 200;

/** Copies of every app in a cluster run. */
export const CLUSTER_APP_COPIES = 2;

/**
 * Everything a chaos run drives: private PostgreSQL, NATS and Redis it can kill, the four apps on
 * them, the panels behind a proxy that can drop every connection at once, the alarm site with its
 * relay board, opted-in user (with a push device) and webhook, the SMTP sink, the webhook receiver,
 * the push service, one live browser and someone acknowledging every other alarm. A cluster run has
 * a three-server NATS cluster instead of one server, two copies of every app, portal-api's behind a
 * balancer the browser and the API probe use, and a proxy in front of each gateway copy, half the
 * panels starting on each and knowing both.
 */
export class ChaosWorld {
  readonly ledger = new EventLedger();
  readonly sink = new SmtpSink();
  /** The alarm site's webhook receiver: a real HTTPS one that verifies each message's signature. */
  readonly webhooks = new WebhookSink();
  readonly relay = new RelaySimulator({ password: RELAY_PASSWORD });
  /** The push service and the user's device: every fire and fault owes the device a push. */
  readonly pushes = new PushDevices();
  /** Called with every switch the board makes, before it answers: a window for a worker's crash. */
  onSwitch: ((change: RelaySwitch) => void) | undefined;
  /** The one NATS server (a run without --cluster). */
  nats: KillableServer | undefined;
  /** The NATS cluster (--cluster). */
  natsCluster: ChaosNatsCluster | undefined;
  /** The NATS server a fault killed last, by name. */
  lastKilledNats: string | undefined;
  redis!: KillableServer;
  postgres!: KillableServer;
  stack!: BenchStack;
  names!: NatsNames;
  /** In front of portal-api's copies (--cluster). */
  balancer: HttpBalancer | undefined;
  portal!: BenchPortalClient;
  /** One in front of each gateway copy, in copy order. */
  proxies: CuttableTcpProxy[] = [];
  fleet!: PanelFleet;
  alarmPanel!: PanelLinkClient;
  private alarmFleet!: PanelFleet;
  user!: BenchUser;
  browser!: LiveBrowser;
  boards!: BoardHoldWatch;
  api!: ApiProbe;
  acknowledger!: AlarmAcknowledger;

  constructor(
    private readonly options: ChaosOptions,
    readonly log: (line: string) => void,
    private readonly appLog: (line: string) => void,
    /** How the apps are started (default: their builds in dist/). */
    private readonly appArgs?: BenchStackOptions['appArgs'],
  ) {}

  /** Whatever ends the run (an error, Ctrl-C), no server or app of it outlives it. */
  private readonly killOnExit = () => {
    for (const app of this.stack?.apps.values() ?? []) app.child.kill('SIGKILL');
    for (const server of [this.nats, this.redis, this.postgres]) server?.killNow();
  };

  async start(): Promise<void> {
    process.once('exit', this.killOnExit);
    const cluster = this.options.cluster;
    if (cluster) {
      this.natsCluster = await ChaosNatsCluster.start();
      this.log(natsServerNote());
    } else this.nats = await KillableServer.nats();
    this.redis = await KillableServer.redis();
    this.postgres = await KillableServer.postgres();
    await Promise.all([
      this.nats?.start(),
      this.redis.start(),
      this.postgres.start(),
      this.sink.start(),
      this.webhooks.start(),
      this.pushes.start(),
      this.relay.start(),
    ]);
    this.watchSwitches();
    const natsUrl = this.natsCluster?.url ?? this.nats!.url;
    this.stack = new BenchStack(this.appLog, {
      postgresUrl: this.postgres.url,
      natsUrl,
      redisUrl: this.redis.url,
      idPrefix: 'chaos',
      // Whole lines: an error's cause comes last in them.
      logLineChars: 10_000,
      appArgs: this.appArgs,
      appEnv: {
        ...this.pushes.appEnv,
        ESCALATION_MINUTE_MS: String(CHAOS_ESCALATION_MINUTE_MS),
        ...(cluster ? { NATS_STREAM_REPLICAS: '3' } : {}),
      },
      ...(cluster ? { copies: CLUSTER_APP_COPIES } : {}),
    });
    this.names = natsNames(this.stack.natsPrefix);
    const servers = `PostgreSQL ${this.postgres.url}, NATS ${natsUrl}, Redis ${this.redis.url}`;
    const copies = cluster ? `, ${CLUSTER_APP_COPIES} copies of each, streams on 3 servers` : '';
    this.log(`starting the apps (${this.stack.id}${copies}; ${servers})`);
    await this.stack.start({ smtpPort: this.sink.port, webhookCaFile: this.webhooks.certFile });
    if (cluster)
      this.balancer = await HttpBalancer.start({
        port: 0,
        backends: this.stack.portalPorts.map((port, index) => ({
          name: `portal-api-${index + 1}`,
          port,
          healthPort: this.stack.portalOpsPorts[index],
        })),
        // Sooner than production's nginx, so a copy just killed is left out before most requests meet it.
        healthIntervalMs: 500,
        onChange: (backend, healthy, reason) =>
          this.log(`balancer: ${backend.name} ${healthy ? 'taken back' : 'left out'} (${reason})`),
      });
    this.portal = new BenchPortalClient(this.portalPort, this.stack.databaseUrl);
    // The run terminates the database's connections on purpose; an idle client's error is expected.
    this.portal.db.on('error', () => undefined);
    for (const port of this.stack.panelPorts) this.proxies.push(await CuttableTcpProxy.start(port));
    const proxyPorts = this.proxies.map((proxy) => proxy.port);
    this.fleet = new PanelFleet(proxyPorts, this.options.panels, 0xc0);
    this.alarmFleet = new PanelFleet(proxyPorts, 1, 0xc1);
    this.alarmPanel = this.alarmFleet.panels[0];
    for (const panel of this.allPanels) this.ledger.watch(panel);
    await this.fleet.provision(this.portal.db);
    await this.alarmFleet.provision(this.portal.db);
    await this.fleet.connect();
    await this.alarmFleet.connect();
    await this.setUpAlarmSite();
    this.browser = new LiveBrowser({
      portalPort: this.portalPort,
      hwaddrs: this.allPanels.map((panel) => panel.hwaddr),
      claimsToken: () => this.portal.claimsToken(this.user),
      log: this.log,
      refetchEveryMs: this.options.refetchSeconds * 1000,
    });
    await this.browser.start();
    this.boards = new BoardHoldWatch(this.redis.url, this.stack.id);
    this.boards.start();
    this.api = new ApiProbe(this.portalPort, this.alarmPanel.hwaddr, () => this.portal.claimsToken(this.user));
    this.api.start();
    this.acknowledger = new AlarmAcknowledger(
      this.portal.db,
      this.portalPort,
      () => this.portal.claimsToken(this.user),
      this.log,
    );
    this.acknowledger.start();
  }

  /** Where browsers and the API probe reach portal-api: the balancer in front of its copies, if any. */
  get portalPort(): number {
    return this.balancer?.port ?? this.stack.portalPort;
  }

  /** The gateway copy (from 1) a panel is linked to, or tries next when it is not linked. */
  gatewayCopyOf(panel: PanelLinkClient): number {
    return this.proxies.findIndex((proxy) => proxy.port === panel.gateway.port) + 1;
  }

  /** The panels linked through a gateway copy now. */
  panelsOn(copy: number): PanelLinkClient[] {
    return this.allPanels.filter((panel) => panel.isReady && this.gatewayCopyOf(panel) === copy);
  }

  get allPanels(): PanelLinkClient[] {
    return [...this.fleet.panels, this.alarmPanel];
  }

  get readyPanels(): number {
    return this.allPanels.filter((panel) => panel.isReady).length;
  }

  /**
   * One user watching every site, opted in to alert mails of the alarm site, owning its relay board,
   * push turned on for a device; the site's webhook set.
   */
  private async setUpAlarmSite(): Promise<void> {
    this.user = await this.portal.registerUser('chaos');
    await this.portal.claim(this.user, this.fleet.hwaddrs, false);
    await this.portal.claim(this.user, [this.alarmPanel.hwaddr], true);
    await this.pushes.register(this.portal, this.user, 'Chaos phone');
    const hwaddr = this.alarmPanel.hwaddr;
    await this.webhooks.trust(hwaddr, await this.portal.setWebhook(this.user, hwaddr, this.webhooks.urlFor(hwaddr)));
    const created = await this.portal.api<{ id: number }>('POST', '/relays/_new', this.user.session, {
      host: '127.0.0.1',
      port: this.relay.port,
      password: RELAY_PASSWORD,
      name: 'Chaos relay',
    });
    await this.portal.api('POST', `/relays/${created.id}/actions`, this.user.session, {
      action: {
        hwaddr: this.alarmPanel.hwaddr,
        on_fire: { ...NO_ACTION, relay_1: 1 },
        on_fault: { ...NO_ACTION, relay_2: 1 },
      },
    });
  }

  /** The board's switch log is the simulator's own; the hook sees each switch as it is made. */
  private watchSwitches(): void {
    const switches = this.relay.switches;
    const push = switches.push.bind(switches);
    switches.push = (...changes: RelaySwitch[]) => {
      const length = push(...changes);
      for (const change of changes) this.onSwitch?.(change);
      return length;
    };
  }

  /** kill -9 of one app (one copy of it), as a crash or an OOM kill. */
  async killApp(name: BenchAppName, copy = 1): Promise<void> {
    const app = this.stack.app(name, copy);
    app.child.kill('SIGKILL');
    await app.exited;
  }

  /** Starts an app (a copy of it) again, its supervisor's job; a failed start is logged, not thrown. */
  restartApp(name: BenchAppName, copy = 1): void {
    this.stack
      .startApp(name, copy)
      .catch((error: Error) => this.log(`${this.stack.label(name, copy)} did not start again: ${error.message}`));
  }

  /** Ends every PostgreSQL connection of the run's database, as a server restart or failover does. */
  async dropDatabaseConnections(): Promise<number> {
    const result = await this.portal.db.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return result.rowCount ?? 0;
  }

  async stop(): Promise<void> {
    const steps: Array<() => Promise<unknown>> = [
      () => this.browser?.stop() ?? Promise.resolve(),
      () => this.boards?.stop() ?? Promise.resolve(),
      async () => this.api?.stop(),
      () => this.acknowledger?.stop() ?? Promise.resolve(),
      () => Promise.all([this.fleet?.stop(), this.alarmFleet?.stop()]),
      () => Promise.all(this.proxies.map((proxy) => proxy.close())),
      () => this.portal?.close() ?? Promise.resolve(),
      () => this.balancer?.close() ?? Promise.resolve(),
      () => this.stack?.stop() ?? Promise.resolve(),
      () =>
        Promise.all([
          this.sink.stop(),
          this.webhooks.stop(),
          this.pushes.stop(),
          this.relay.stop(),
          this.nats?.remove(),
          this.natsCluster?.remove(),
          this.redis?.remove(),
          this.postgres?.remove(),
        ]),
    ];
    for (const step of steps) await step().catch((error: Error) => this.log(`cleanup: ${error.message}`));
    process.removeListener('exit', this.killOnExit);
  }
}
