import { DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@app/database';
import { NatsModule, QueueModule } from '@app/messaging';
import { NotificationsWriterModule } from '@app/notifications';
import { PlatformModule } from '@app/platform';
import { MailerAlarmChannelsModule } from '../../../apps/mailer/src/mailer-alarm-channels.module';
import { AlarmsModule } from '../../../apps/portal-api/src/alarms/alarms.module';
import { EventStoreRepository } from '../../../apps/portal-api/src/ingest/event-store.repository';
import { IngestMetrics } from '../../../apps/portal-api/src/ingest/ingest.metrics';
import { PanelEventsIngest } from '../../../apps/portal-api/src/ingest/panel-events.ingest';
import { PortalApiConfigModule } from '../../../apps/portal-api/src/portal-api-config.module';
import { RelayAlarmChannelModule } from '../../../apps/relay-worker/src/events/relay-alarm-channel.module';
import { RelayDrivingConfig } from '../../../apps/relay-worker/src/relay-worker.config';
import type { RestoreReplayConfig } from './restore-replay.config';
import { RestoreReplay } from './restore-replay.service';

/**
 * The replay after a database restore, in one process: portal-api's ingest (PanelEventsIngest, its
 * store and its alarms) and the alarm channels of the relay-worker and the mailer, each imported as
 * its app wires it (RelayAlarmChannelModule, MailerAlarmChannelsModule). In-process rather than
 * asking the running apps over NATS: the replay then needs no request subjects (nor NATS permissions)
 * of its own in the apps, works while the relay-worker and the mailer are still scaled down after
 * the restore, and asks the very code that recorded the reactions the first time. Only the stores
 * and the channels come in: no message handler is started (no MessageHandlersModule), no job worker
 * (no JobsModule), no sweep, no port: nothing here consumes, drives, sends or posts.
 */
@Module({})
export class RestoreReplayModule {
  static forRoot(config: RestoreReplayConfig): DynamicModule {
    const { portalApi } = config;
    return {
      module: RestoreReplayModule,
      // RelayDrivingConfig, which the relay channel reads, as the relay-worker's boards module gives it.
      global: true,
      imports: [
        PlatformModule.forRoot(config.runtime),
        PortalApiConfigModule.forRoot(portalApi),
        // The schema is portal-api's, which migrates it at its start (before the replay runs).
        DatabaseModule.forRoot({ ...portalApi.database.connection, applicationName: config.runtime.appName }),
        NatsModule.forRoot(portalApi.nats),
        QueueModule.forRoot(portalApi.redis),
        NotificationsWriterModule,
        AlarmsModule,
        RelayAlarmChannelModule,
        MailerAlarmChannelsModule.forRoot(config.mailer),
      ],
      providers: [
        { provide: RelayDrivingConfig, useValue: config.relayWorker.driving },
        EventStoreRepository,
        IngestMetrics,
        PanelEventsIngest,
        RestoreReplay,
      ],
      exports: [RelayDrivingConfig],
    };
  }
}
