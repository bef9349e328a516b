import type { PanelType } from '@app/contracts';
import {
  describeRefusalSubject,
  formatGatewayAddress,
  PanelLinkClient,
  type CommandMessage,
  type GatewayAddress,
  type PanelCommandOutcome,
  type RefusedMessage,
} from '@app/panel-protocol';
import { buildNetwork } from './panel-model-factory.util';
import { PanelModel, type ModelChange } from './panel-model';

export interface SimulatedPanelOptions {
  hwaddr: string;
  adminKey: string;
  /** The device secret (Ed25519 seed, 64 hex) the panel signs its key proof with. */
  deviceSecret: string;
  /** The gateway the panel connects to first (its TCP/IP module's cloud address and port). */
  host: string;
  port: number;
  /** Other copies of the gateway, tried in turn after host:port when a connection fails or is lost. */
  otherGateways?: readonly GatewayAddress[];
  tls?: { rejectUnauthorized: boolean };
  networkIds: number[];
  panelType: PanelType;
  firmware: string;
  cloudControl: boolean;
  /** The panel link protocol version the panel speaks; the newest unless it is an older panel. */
  protocolVersion?: number;
  log: (line: string) => void;
}

/**
 * A simulated panel: its model of networks, zones, modules and devices, and a real protocol link.
 * Every command is applied to the model and answered; what it changed goes out as events, runtime
 * reports and configuration snapshots, exactly as a panel reports its own changes.
 */
export class SimulatedPanel {
  readonly model: PanelModel;
  readonly link: PanelLinkClient;
  private stopping = false;

  constructor(private readonly options: SimulatedPanelOptions) {
    this.model = new PanelModel(
      options.networkIds.map((networkId) =>
        buildNetwork({
          hwaddr: options.hwaddr,
          networkId,
          panelType: options.panelType,
          cloudAddress: options.host,
          cloudPort: options.port,
        }),
      ),
    );
    this.link = new PanelLinkClient({
      host: options.host,
      port: options.port,
      otherGateways: options.otherGateways,
      tls: options.tls,
      adminKey: options.adminKey,
      deviceSecret: options.deviceSecret,
      version: options.protocolVersion,
      hello: {
        hwaddr: options.hwaddr,
        panelType: options.panelType,
        firmware: options.firmware,
        networkIds: options.networkIds,
        cloudControl: options.cloudControl,
      },
      // Deciseconds since 2023 keep counting up across restarts of the simulator, as a panel's counter would.
      firstSeq: Math.max(1, Math.floor((Date.now() - Date.UTC(2023, 0, 1)) / 100)),
      onCommand: (command) => this.onCommand(command),
      onReady: () => this.sendEverything(),
    });
    this.link.on('ready', () =>
      options.log(
        `${this.hwaddr}: connected${this.whichGateway()}${this.link.unacked.length ? `, resending ${this.link.unacked.length} unacked events` : ''}`,
      ),
    );
    this.link.on(
      'disconnected',
      (wasReady: boolean) =>
        wasReady &&
        options.log(`${this.hwaddr}: disconnected${this.stopping ? '' : `, reconnecting${this.whichGateway()}`}`),
    );
    this.link.on('close', (reason: string) => options.log(`${this.hwaddr}: gateway closed the link (${reason})`));
    this.link.on('protocolError', (reason: string) => options.log(`${this.hwaddr}: protocol error ${reason}`));
    this.link.on('refused', (refusal: RefusedMessage) =>
      options.log(
        `${this.hwaddr}: gateway refused ${describeRefusalSubject(refusal)}, dropped (${refusal.field} ${refusal.reason})`,
      ),
    );
  }

  get hwaddr(): string {
    return this.options.hwaddr;
  }

  /** ` to host:port` of the link's gateway when the panel knows several copies; nothing (as before) for one. */
  private whichGateway(): string {
    return this.options.otherGateways?.length ? ` to ${formatGatewayAddress(this.link.gateway)}` : '';
  }

  start(): void {
    this.stopping = false;
    this.link.start();
  }

  stop(): Promise<void> {
    this.stopping = true;
    return this.link.stop();
  }

  /** Applies a local change (a scenario step or a console action) and reports it. */
  report(change: ModelChange): PanelCommandOutcome {
    for (const event of change.events) this.link.sendEvent(event);
    for (const networkId of change.runtimes)
      this.link.sendRuntime(networkId, this.model.networks.get(networkId)!.runtime);
    for (const networkId of change.configs)
      this.link.sendConfig(structuredClone(this.model.networks.get(networkId)!.config));
    if (change.resync) this.sendEverything();
    return change.outcome;
  }

  /** Sends a network's current runtime report, as a panel does now and then. */
  reportRuntime(networkId: number): void {
    const network = this.model.networks.get(networkId);
    if (network) this.link.sendRuntime(networkId, network.runtime);
  }

  private onCommand(command: CommandMessage): PanelCommandOutcome {
    const change = this.model.apply(command);
    this.options.log(
      `${this.hwaddr}: command ${command.kind} on network ${command.networkId}: ${change.outcome.ok ? 'done' : change.outcome.reason}`,
    );
    // The panel answers first, then reports what changed (the link sends in that order).
    setImmediate(() => this.report({ ...change, outcome: { ok: true } }));
    return change.outcome;
  }

  private sendEverything(): void {
    for (const [networkId, network] of this.model.networks) {
      this.link.sendConfig(structuredClone(network.config));
      this.link.sendRuntime(networkId, network.runtime);
    }
  }
}
