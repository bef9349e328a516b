import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { QuietHoursController } from './quiet-hours.controller';
import { QuietHoursRepository } from './quiet-hours.repository';
import { QuietHoursService } from './quiet-hours.service';

/** Users' quiet hours (docs/alarms.md): set through the API; the alert queries honour them. */
@Module({
  imports: [AuthModule],
  controllers: [QuietHoursController],
  providers: [QuietHoursRepository, QuietHoursService],
})
export class QuietHoursModule {}
