import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { DatabaseModule } from '@app/database';
import { NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { ApiExceptionFilter } from './http/api-exception.filter';
import type { PortalApiConfig } from './portal-api.config';

/** The HTTP API under /api, the livefeed and the web client; owner of the database migrations. */
@Module({})
export class PortalApiModule {
  static forRoot(config: PortalApiConfig): DynamicModule {
    return {
      module: PortalApiModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        DatabaseModule.forRoot({
          url: config.database.url,
          applicationName: config.runtime.appName,
          ensureDatabase: !config.runtime.isProduction,
          runMigrations: true,
        }),
        NatsModule.forRoot(config.nats),
        QueueModule.forRoot(config.redis),
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
