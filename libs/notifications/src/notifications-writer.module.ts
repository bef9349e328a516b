import { Module } from '@nestjs/common';
import { NotificationsWriter } from './notifications-writer.service';

/** Imported by each module that raises or changes notifications (LivePublisher comes with NatsModule). */
@Module({
  providers: [NotificationsWriter],
  exports: [NotificationsWriter],
})
export class NotificationsWriterModule {}
