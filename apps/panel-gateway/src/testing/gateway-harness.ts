import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { NatsConfig, RuntimeConfig } from '@app/config';
import { NatsService } from '@app/messaging';
import { DEFAULT_MAX_FRAME_BYTES } from '@app/panel-protocol';
import { PanelListener } from '../listener/panel-listener.service';
import type { PanelListenerConfig } from '../panel-gateway.config';
import { PanelGatewayModule } from '../panel-gateway.module';

/** A gateway started in-process on a free port, for integration tests. */
export interface StartedGateway {
  app: INestApplication;
  port: number;
  nats: NatsService;
  close(): Promise<void>;
}

export function testListenerConfig(overrides: Partial<PanelListenerConfig> = {}): PanelListenerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    tls: null,
    supervisionWindowMs: 30_000,
    handshakeTimeoutMs: 10_000,
    maxFrameBytes: DEFAULT_MAX_FRAME_BYTES,
    commandTimeoutMs: 5000,
    publishTimeoutMs: 5000,
    gatewayId: 'gateway-test',
    ...overrides,
  };
}

export async function startGateway(nats: NatsConfig, listener: Partial<PanelListenerConfig> = {}): Promise<StartedGateway> {
  const moduleRef = await Test.createTestingModule({
    imports: [
      PanelGatewayModule.forRoot({
        runtime: new RuntimeConfig('panel-gateway', 'test', 'silent', 0),
        nats,
        listener: testListenerConfig(listener),
      }),
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return {
    app,
    port: app.get(PanelListener).port(),
    nats: app.get(NatsService),
    close: () => app.close(),
  };
}
