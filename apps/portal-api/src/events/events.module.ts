import { Module } from '@nestjs/common';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { EventsController } from './events.controller';
import { EventsRepository } from './events.repository';

@Module({
  imports: [PanelAccessModule],
  controllers: [EventsController],
  providers: [EventsRepository],
})
export class EventsModule {}
