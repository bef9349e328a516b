import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { DatabaseModule } from '@app/database';
import { NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { AuthModule } from './auth/auth.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ApiValidationPipe } from './http/api-validation.pipe';
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
        AuthModule.forRoot(config.auth),
      ],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
      ],
    };
  }
}
