import { Module } from '@nestjs/common';
import { NotificationsWriterModule } from '@app/notifications';
import { PanelAccessModule } from '../panel-access/panel-access.module';
import { NotificationsController } from './notifications.controller';
import { NotificationsRepository } from './notifications.repository';
import { NotificationsService } from './notifications.service';

@Module({
  imports: [PanelAccessModule, NotificationsWriterModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
})
export class NotificationsModule {}
