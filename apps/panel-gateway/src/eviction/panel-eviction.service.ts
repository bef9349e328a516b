import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import { NatsService, Subscribe, type NatsMessage } from '@app/messaging';
import { withTimeout } from '@app/platform';
import { PANEL_LISTENER_CONFIG } from '../panel-gateway.constants';
import type { PanelListenerConfig } from '../panel-gateway.config';
import type { PanelSession } from '../sessions/panel-session';
import { SessionRegistry } from '../sessions/session-registry.service';

/** Bucket reads in flight at once while the held panels are checked again after a reconnect. */
const RECHECK_CONCURRENCY = 16;

/**
 * One gateway holds a panel at a time: when a panel this copy holds is reported connected through
 * another connection (another copy, after the panel reconnected there), the old one here is closed
 * without a disconnect message, since the panel is not disconnected.
 *
 * A report sent while this copy's NATS link was down never arrives, so each time the link comes
 * back every held panel is checked against the connections bucket, which keeps the latest report.
 */
@Injectable()
export class PanelEvictionService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PanelEvictionService.name);
  private stopWatching: () => void = () => undefined;
  private recheck: Promise<void> | undefined;
  private recheckAgain = false;

  constructor(
    private readonly registry: SessionRegistry,
    private readonly nats: NatsService,
    @Inject(PANEL_LISTENER_CONFIG) private readonly config: PanelListenerConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.stopWatching = this.nats.onReconnect(() => void this.recheckHeld());
  }

  onApplicationShutdown(): void {
    this.stopWatching();
  }

  @Subscribe('allPanelConnections')
  connectionReported(message: NatsMessage): void {
    // `[<prefix>.]panel.<hwaddr>.connection`: most messages are of panels held elsewhere, read no further.
    const session = this.registry.get(message.subject.split('.').at(-2) ?? '');
    if (!session) return;
    let connection: PanelConnectionMessage;
    try {
      connection = message.json<PanelConnectionMessage>();
    } catch {
      return;
    }
    this.evictIfHeldElsewhere(session, connection);
  }

  /**
   * Checks every panel held here against the bucket's latest connection report; one check at a time
   * (a reconnect during a check runs another once it ends).
   */
  recheckHeld(): Promise<void> {
    if (this.recheck) {
      this.recheckAgain = true;
      return this.recheck;
    }
    this.recheck = (async () => {
      do {
        this.recheckAgain = false;
        await this.checkAll([...this.registry.held()]);
      } while (this.recheckAgain);
    })().finally(() => (this.recheck = undefined));
    return this.recheck;
  }

  private async checkAll(sessions: PanelSession[]): Promise<void> {
    let evicted = 0;
    let failed = 0;
    let next = 0;
    const worker = async () => {
      while (next < sessions.length) {
        const session = sessions[next++];
        try {
          if (await this.checkOne(session)) evicted++;
        } catch (error) {
          failed++;
          this.logger.debug({ ...session.logFields, err: error }, 'connection check after reconnect failed');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(RECHECK_CONCURRENCY, sessions.length) }, worker));
    this.logger.log({ held: sessions.length, evicted, failed }, 'held panels checked after NATS reconnect');
  }

  private async checkOne(session: PanelSession): Promise<boolean> {
    const hwaddr = session.hwaddr!;
    const since = this.registry.heldSince(session);
    if (since === undefined) return false;
    const bucket = await this.nats.bucket(this.nats.names.buckets.panelConnections);
    const ms = this.config.publishTimeoutMs;
    const entry = await withTimeout(bucket.get(hwaddr), ms, `no answer from NATS within ${ms} ms`);
    if (!entry || entry.operation !== 'PUT') return false;
    const latest = entry.json<PanelConnectionMessage>();
    // Only a report made after this connection was held: an older one is what this connection
    // replaced, its own report possibly still on its way.
    if (!(Date.parse(latest?.at) > since) || this.registry.get(hwaddr) !== session) return false;
    return this.evictIfHeldElsewhere(session, latest);
  }

  private evictIfHeldElsewhere(session: PanelSession, connection: PanelConnectionMessage): boolean {
    if (!connection?.connected || session.connectionId === connection.connectionId) return false;
    this.logger.log(
      { ...session.logFields, gatewayId: connection.gatewayId },
      'panel connected to another gateway: closing its connection here',
    );
    session.close(`evicted: the panel connected to gateway ${connection.gatewayId}`, { publishDisconnect: false });
    return true;
  }
}
