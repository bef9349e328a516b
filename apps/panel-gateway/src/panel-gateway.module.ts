import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { MessageHandlersModule, NatsModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { PanelCommandRouter } from './commands/panel-command-router.service';
import { PanelEvictionService } from './eviction/panel-eviction.service';
import { PanelListener } from './listener/panel-listener.service';
import { GatewayLiveness } from './liveness/gateway-liveness.service';
import { PanelIdentityRegistry } from './identity/panel-identity.registry';
import { GatewayMetrics } from './metrics/gateway-metrics.service';
import type { PanelGatewayConfig } from './panel-gateway.config';
import { PANEL_LISTENER_CONFIG } from './panel-gateway.constants';
import { PanelPublisher } from './publishing/panel-publisher.service';
import { ReadingPauses } from './sessions/reading-pauses.service';
import { SessionRegistry } from './sessions/session-registry.service';

/** Holds the panels' connections and carries their events, reports and commands over NATS. */
@Module({})
export class PanelGatewayModule {
  static forRoot(config: PanelGatewayConfig): DynamicModule {
    return {
      module: PanelGatewayModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        // The panel identity registry; the schema belongs to portal-api, which migrates it.
        DatabaseModule.forRoot({ ...config.database.connection, applicationName: config.runtime.appName }),
        NatsModule.forRoot(config.nats),
        MessageHandlersModule.forApp('panel-gateway'),
      ],
      providers: [
        { provide: PANEL_LISTENER_CONFIG, useValue: config.listener },
        GatewayMetrics,
        PanelPublisher,
        PanelIdentityRegistry,
        SessionRegistry,
        ReadingPauses,
        PanelCommandRouter,
        PanelEvictionService,
        PanelListener,
        GatewayLiveness,
      ],
      exports: [PanelListener],
    };
  }
}
