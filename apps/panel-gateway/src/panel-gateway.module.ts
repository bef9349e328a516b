import { DynamicModule, Module } from '@nestjs/common';
import { NatsModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import type { PanelGatewayConfig } from './panel-gateway.config';

/** Holds the panels' connections and carries their events, reports and commands over NATS. */
@Module({})
export class PanelGatewayModule {
  static forRoot(config: PanelGatewayConfig): DynamicModule {
    return {
      module: PanelGatewayModule,
      imports: [PlatformModule.forRoot(config.runtime), NatsModule.forRoot(config.nats)],
    };
  }
}
