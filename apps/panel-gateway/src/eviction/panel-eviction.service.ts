import { Injectable, Logger } from '@nestjs/common';
import type { PanelConnectionMessage } from '@app/contracts';
import { Subscribe, type NatsMessage } from '@app/messaging';
import type { PanelSession } from '../sessions/panel-session';
import { SessionRegistry } from '../sessions/session-registry.service';

/**
 * One gateway holds a panel at a time: when a panel this copy holds is reported connected through
 * another connection (another copy, after the panel reconnected there), the old one here is closed
 * without a disconnect message, since the panel is not disconnected.
 */
@Injectable()
export class PanelEvictionService {
  private readonly logger = new Logger(PanelEvictionService.name);

  constructor(private readonly registry: SessionRegistry) {}

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

  private evictIfHeldElsewhere(session: PanelSession, connection: PanelConnectionMessage): void {
    if (!connection?.connected || session.connectionId === connection.connectionId) return;
    this.logger.log(
      { ...session.logFields, gatewayId: connection.gatewayId },
      'panel connected to another gateway: closing its connection here',
    );
    session.close(`evicted: the panel connected to gateway ${connection.gatewayId}`, { publishDisconnect: false });
  }
}
