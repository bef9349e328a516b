import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PortalStatusController } from './portal-status.controller';
import { PortalStatusService } from './portal-status.service';

/** The portal's status as users see it on the Help page (the ops port has the details). */
@Module({
  imports: [AuthModule],
  controllers: [PortalStatusController],
  providers: [PortalStatusService],
})
export class PortalStatusModule {}
