import { Module } from '@nestjs/common';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { EventsExportController } from './events-export.controller';
import { EventsExportRepository } from './events-export.repository';
import { EventsExportService } from './events-export.service';
import { EventsExportSlots } from './events-export-slots.service';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';

@Module({
  imports: [PanelAccessModule],
  controllers: [EventsController, EventsExportController],
  providers: [EventsRepository, EventsExportRepository, EventsExportService, EventsExportSlots],
})
export class EventsModule {}
