import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import type { PanelConnectionMessage } from '@app/contracts';
import { NatsService } from '@app/messaging';
import type { PanelSession } from '../sessions/panel-session';
import { SessionRegistry } from '../sessions/session-registry.service';

/**
 * One gateway holds a panel at a time: when a panel this copy holds is reported connected through
 * another connection (another copy, after the panel reconnected there), the old one here is closed
 * without a disconnect message, since the panel is not disconnected.
 */
@Injectable()
export class PanelEvictionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PanelEvictionService.name);
  private subscription: Subscription | undefined;

  constructor(
    private readonly nats: NatsService,
    private readonly registry: SessionRegistry,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.nats.connection.subscribe(this.nats.names.subjects.allPanelConnections, {
      callback: (error, message) => {
        if (error) return;
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
      },
    });
  }

  private evictIfHeldElsewhere(session: PanelSession, connection: PanelConnectionMessage): void {
    if (!connection?.connected || session.connectionId === connection.connectionId) return;
    this.logger.log(
      `panel ${session.hwaddr} connected to gateway ${connection.gatewayId}: closing its connection here`,
    );
    session.close(`evicted: the panel connected to gateway ${connection.gatewayId}`, { publishDisconnect: false });
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
  }
}
