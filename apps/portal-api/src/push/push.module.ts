import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { PushDevicesController } from './push-devices.controller';
import { PushDevicesRepository } from './push-devices.repository';
import { PushDevices } from './push-devices.service';
import { PushEndpointPolicy } from './push-endpoint.policy';

/** Users' devices for alarm pushes (docs/push.md): kept through the API; the mailer pushes to them. */
@Module({
  imports: [AuthModule],
  controllers: [PushDevicesController],
  providers: [PushDevicesRepository, PushEndpointPolicy, PushDevices],
})
export class PushModule {}
