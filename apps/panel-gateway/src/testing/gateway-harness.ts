import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { DatabaseConfig, NatsConfig, RuntimeConfig } from '@app/config';
import { APP_DATABASE_ROLES, createDataSource } from '@app/database';
import { createTestDatabase, urlAs } from '@app/database/testing';
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
  /**
   * The registry the gateway checks panels against, as its owner (provision panels with it; the
   * gateway's own role may only read it).
   */
  dataSource: DataSource;
  close(): Promise<void>;
}

export interface GatewayDatabase {
  /** A migrated database to use (e.g. portal-api's test database); none: a fresh one of its own, dropped on close. */
  url?: string;
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

export async function startGateway(
  nats: NatsConfig,
  listener: Partial<PanelListenerConfig> = {},
  database: GatewayDatabase = {},
): Promise<StartedGateway> {
  const own = database.url ? undefined : await createTestDatabase();
  try {
    const moduleRef = await Test.createTestingModule({
      imports: [
        PanelGatewayModule.forRoot({
          runtime: new RuntimeConfig('panel-gateway', 'test', 'silent', 0),
          // As deployed: the gateway's own role, which may only read the panel registry.
          database: new DatabaseConfig(urlAs(database.url ?? own!.url, APP_DATABASE_ROLES.panelGateway)),
          nats,
          listener: testListenerConfig(listener),
        }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    const registry = own?.dataSource ?? (await createDataSource({ url: database.url!, poolSize: 2 }).initialize());
    return {
      app,
      port: app.get(PanelListener).port(),
      nats: app.get(NatsService),
      dataSource: registry,
      close: async () => {
        await app.close();
        if (own) await own.drop();
        else await registry.destroy();
      },
    };
  } catch (error) {
    await own?.drop();
    throw error;
  }
}
