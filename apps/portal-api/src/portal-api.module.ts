import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { DatabaseModule, DeadLettersRepository } from '@app/database';
import { DeadLettersModule, MessageHandlersModule, NatsModule, QueueModule } from '@app/messaging';
import { PlatformModule } from '@app/platform';
import { AlarmsModule } from './alarms/alarms.module';
import { AuthModule } from './auth/auth.module';
import { ClaimsModule } from './claims/claims.module';
import { EventsModule } from './events/events.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { ClientConfigController } from './http/client-config.controller';
import { ApiValidationPipe } from './http/api-validation.pipe';
import { RequestInputGuard } from './http/request-input.guard';
import { RequestLogFieldsInterceptor } from './http/request-log-fields.interceptor';
import { IngestModule } from './ingest/ingest.module';
import { LivefeedModule } from './livefeed/livefeed.module';
import { NotificationsModule } from './notifications/notifications.module';
import { PanelAccessModule } from './panel-access/panel-access.module';
import { PanelsModule } from './panels/panels.module';
import type { PortalApiConfig } from './portal-api.config';
import { PortalApiConfigModule } from './portal-api-config.module';
import { RelaysModule } from './relays/relays.module';
import { SitesModule } from './sites/sites.module';
import { TestModeModule } from './test-mode/test-mode.module';
import { PushModule } from './push/push.module';
import { QuietHoursModule } from './quiet-hours/quiet-hours.module';
import { PortalStatusModule } from './status/portal-status.module';
import { TeamsModule } from './teams/teams.module';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * The HTTP API under /api, the livefeed and the web client on the public port (its /healthz and
 * /metrics on the ops port); owner of the database migrations.
 */
@Module({})
export class PortalApiModule {
  static forRoot(config: PortalApiConfig): DynamicModule {
    return {
      module: PortalApiModule,
      imports: [
        PlatformModule.forRoot(config.runtime),
        PortalApiConfigModule.forRoot(config),
        DatabaseModule.forRoot({
          ...config.database.connection,
          applicationName: config.runtime.appName,
          ensureDatabase: !config.runtime.isProduction,
          runMigrations: true,
          migrationsUrl: config.migrationsDatabaseUrl,
        }),
        NatsModule.forRoot(config.nats),
        DeadLettersModule.forRoot(config.consumers, DeadLettersRepository),
        QueueModule.forRoot(config.redis),
        AuthModule,
        PanelAccessModule,
        RelaysModule.forRoot(config.relays),
        LivefeedModule,
        ClaimsModule,
        SitesModule,
        PanelsModule,
        EventsModule,
        NotificationsModule,
        WebhooksModule,
        AlarmsModule,
        PushModule,
        QuietHoursModule,
        PortalStatusModule,
        TeamsModule,
        TestModeModule.forRoot(config.testMode),
        IngestModule.forRoot(config.ingest),
        // Its consumers and subjects: NATS_APP_ACCESS of @app/contracts, what its NATS user may do.
        MessageHandlersModule.forApp('portal-api'),
      ],
      controllers: [ClientConfigController],
      providers: [
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        { provide: APP_PIPE, useClass: ApiValidationPipe },
        { provide: APP_GUARD, useClass: RequestInputGuard },
        { provide: APP_INTERCEPTOR, useClass: RequestLogFieldsInterceptor },
      ],
    };
  }
}
