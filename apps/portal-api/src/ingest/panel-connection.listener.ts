import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { PanelConnectionMessage, PanelRuntimeMessage } from '@app/contracts';
import { LivePublisher, type NatsMessage, NatsService, Subscribe } from '@app/messaging';
import { AlarmPanelReports } from '../alarms/alarm-panel-reports.service';
import { ClaimKeyCheck } from '../claims/claim-key-check.service';
import { ClaimsRepository } from '../claims/claims.repository';
import { PanelConnectionState } from '../panels/panel-connection-state.service';
import { PanelOutages } from '../supervision/panel-outages.service';
import { PanelStateRepository } from './panel-state.repository';

/** portal-api copies share these subscriptions: each report is handled by one copy. */
const QUEUE_GROUP = 'portal-api';

/**
 * Follows the gateway's connection and runtime reports (core NATS): a connection settles the
 * WAITING claims against the panel's key proof and is kept in the panels table; both reach the
 * browsers (Connection, Runtime); each connection report goes to the panel supervision too
 * (docs/alerts.md), each runtime report to the alarms (docs/alarms.md). At start, the latest connection of each panel with WAITING claims is read
 * back from the bucket, so a report missed while no copy was running is acted on.
 */
@Injectable()
export class PanelConnectionListener implements OnApplicationBootstrap {
  private readonly logger = new Logger(PanelConnectionListener.name);

  constructor(
    private readonly nats: NatsService,
    private readonly panels: PanelStateRepository,
    private readonly keyCheck: ClaimKeyCheck,
    private readonly claims: ClaimsRepository,
    private readonly livefeed: LivePublisher,
    private readonly state: PanelConnectionState,
    private readonly outages: PanelOutages,
    private readonly alarms: AlarmPanelReports,
  ) {}

  onApplicationBootstrap(): void {
    // In the background: the API serves meanwhile, and a late settle is as good as a live one.
    void this.guard('reconciliation', () => this.reconcile());
  }

  @Subscribe('allPanelConnections', { queue: QUEUE_GROUP })
  connectionReported(message: NatsMessage): Promise<void> {
    return this.guard('connection', () => this.onConnection(message.json<PanelConnectionMessage>()));
  }

  @Subscribe('allPanelRuntimes', { queue: QUEUE_GROUP })
  runtimeReported(message: NatsMessage): Promise<void> {
    return this.guard('runtime', () => this.onRuntime(message.json<PanelRuntimeMessage>()));
  }

  async onConnection(message: PanelConnectionMessage): Promise<void> {
    // A gateway copy's late disconnect of a connection the panel replaced (through another copy): not true now.
    if (await this.state.isSupersededDisconnect(message)) return;
    await this.panels.saveConnection(message);
    await this.keyCheck.onConnection(message);
    this.livefeed.toPanel(message.hwaddr, {
      type: 'Connection',
      data: { hwaddr: message.hwaddr, connected: message.connected, at: message.at },
    });
    // A panel back online sends its whole configuration again: browsers reload the site.
    if (message.connected) this.livefeed.toPanel(message.hwaddr, { type: 'Resync', data: { hwaddr: message.hwaddr } });
    // A loss is recorded, to be reported past its delay; a connection settles the earlier ones.
    await this.outages.onConnection(message);
  }

  private async onRuntime(message: PanelRuntimeMessage): Promise<void> {
    this.livefeed.toPanel(message.hwaddr, {
      type: 'Runtime',
      data: { hwaddr: message.hwaddr, networkId: message.networkId, report: message.runtime },
    });
    // A report that shows no zone of a kind clears the network's alarm of that kind (docs/alarms.md).
    await this.alarms.runtimeReported(message);
  }

  /** Claims still WAITING on a panel that connected while no copy was listening get settled now. */
  private async reconcile(): Promise<void> {
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelConnections);
    for (const hwaddr of await this.claims.hwaddrsWithWaitingClaims()) {
      const entry = await bucket.get(hwaddr);
      if (entry?.operation === 'PUT' && entry.length > 0)
        await this.guard('stored connection', () => this.keyCheck.onConnection(entry.json<PanelConnectionMessage>()));
    }
  }

  private async guard(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.logger.error({ report: what, err: error }, 'panel report not handled');
    }
  }
}
