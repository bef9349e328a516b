import { DynamicModule, Module } from '@nestjs/common';
import { NotificationsWriterModule } from '@app/notifications';
import { AlarmsModule } from '../alarms/alarms.module';
import { ClaimsModule } from '../claims/claims.module';
import { PanelsModule } from '../panels/panels.module';
import { SupervisionModule } from '../supervision/supervision.module';
import { EventStoreRepository } from './event-store.repository';
import { IngestConfig } from './ingest.config';
import { IngestMetrics } from './ingest.metrics';
import { PanelConfigIngest } from './panel-config.ingest';
import { PanelConnectionListener } from './panel-connection.listener';
import { PanelEventsIngest } from './panel-events.ingest';
import { PanelStateRepository } from './panel-state.repository';

/** What the panels send, through NATS into the database and on to the browsers. */
@Module({})
export class IngestModule {
  static forRoot(config: IngestConfig): DynamicModule {
    return {
      module: IngestModule,
      imports: [ClaimsModule, PanelsModule, NotificationsWriterModule, SupervisionModule, AlarmsModule],
      providers: [
        { provide: IngestConfig, useValue: config },
        EventStoreRepository,
        IngestMetrics,
        PanelStateRepository,
        PanelEventsIngest,
        PanelConfigIngest,
        PanelConnectionListener,
      ],
    };
  }
}
